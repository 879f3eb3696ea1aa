/**
 * Settings (spec sections 3 and 7): option entries named `{prefix}_{field}`
 * with a text value. `GET api/settings/all` answers every option;
 * `PUT api/settings` upserts the options it is sent (an empty value becomes
 * blank) and answers every option again. Structured values (result
 * thresholds, quotation deadlines) travel as JSON text.
 */
import { z } from 'zod';
import { text, TEXT_LIMITS } from './fields';
import { syncFieldsSchema } from './sync';

/** The prefixes in use: company data, message texts, system variables, result thresholds. */
export const SETTING_PREFIXES = ['company', 'message', 'settings', 'result'] as const;
export type SettingPrefix = (typeof SETTING_PREFIXES)[number];

export const settingOptionNameSchema = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z]+_[A-Za-z0-9_]+$/, 'Nome de configuração inválido (use prefixo_campo)');

export const settingSchema = z.object({ id: z.number().int(), option: z.string(), value: z.string() }).extend(syncFieldsSchema.shape);
export type Setting = z.infer<typeof settingSchema>;

export const settingsResponseSchema = z.object({ options: z.array(settingSchema) });
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/**
 * A value as the screens send it: text, a number or flag, JSON (objects and
 * lists), or empty; stored as text of at most TEXT_LIMITS.richText
 * characters (message templates are the longest), line breaks allowed (the
 * company's one-line fields are checked by their rules, settings-groups.ts),
 * no U+0000 nor lone surrogate. How deep JSON may nest, and the characters
 * inside a JSON value, are checked for every body by the server
 * (server/http/input-guards.ts).
 */
export const settingValueInputSchema = z
  .union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .transform((value): string => {
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return JSON.stringify(value);
  })
  .pipe(text(TEXT_LIMITS.richText, { multiline: true }));

export const settingsUpdateSchema = z.object({
  options: z.array(z.object({ option: settingOptionNameSchema, value: settingValueInputSchema })).max(500),
});
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

/** `{prefix}_{field}` */
export function settingName(prefix: SettingPrefix, field: string): string {
  return `${prefix}_${field}`;
}

/** Options as a map, e.g. `settingsMap(list).company_name`. */
export function settingsMap(list: ReadonlyArray<{ option: string; value: string }>): Record<string, string> {
  return Object.fromEntries(list.map((s) => [s.option, s.value]));
}

/**
 * Placeholders the message templates (message_* settings) may contain; the
 * quotation and e-mail screens replace them with the customer's and the
 * quotation's data.
 */
export const MESSAGE_PLACEHOLDERS = {
  customerName: '{cliente}',
  contact: '{contato}',
  documentType: '{tipo_documento}',
  document: '{documento}',
  total: '{total}',
  totalInWords: '{total_extenso}',
  quotationId: '{orcamento}',
} as const;
