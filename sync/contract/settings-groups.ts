/**
 * The groups of options the 'Configurações' screens edit (spec sections 3,
 * 5 and 8; samples.md sections 3 and 5) and the rule each option's value
 * follows. Both sides use them: the screens check before sending, and
 * `PUT api/settings` checks every option it is sent with the same rules, so
 * a bad value (a CNPJ with wrong check digits, a threshold that is not a
 * number) never reaches the database nor, through the pull, any device.
 *
 * Values are text (sync/contract/settings.ts); masked fields (CNPJ, CEP,
 * phones) are kept as the screen shows them, so printouts use them as they
 * are. The company's fields are one line each; the message texts may hold
 * line breaks. An option no group names is kept as sent (forward
 * compatibility); every value is storable text (sync/contract/settings.ts).
 */
import { z } from 'zod';
import { isValidCnpj } from '@/domain/documents';
import { onlyDigits } from '@/domain/masks';
import { asRecord } from '@/domain/result-thresholds-parse';
import { validateChemicalThresholds, validateNoiseThresholds } from '@/domain/result-thresholds-validate';
import { STATE_CODES } from './customers';
import { FIELD_MESSAGES, hasLineBreak, TEXT_LIMITS, tooLongMessage } from './fields';
import { settingName } from './settings';

export const SETTINGS_MESSAGES = {
  companySaved: 'Configurações salvas com sucesso',
  messagesSaved: 'Mensagens salvas com sucesso',
  variablesSaved: 'Variáveis salvas com sucesso',
  resultsSaved: 'Configurações salvas com sucesso',
  cnpjRequired: 'CNPJ é obrigatório',
  cnpjInvalid: 'CNPJ inválido',
  emailRequired: 'E-mail é obrigatório',
  emailInvalid: 'E-mail é inválido',
  addressRequired: 'Endereço é obrigatório',
  numberRequired: 'Número é obrigatório',
  districtRequired: 'Bairro é obrigatório',
  cityRequired: 'Cidade é obrigatória',
  stateRequired: 'Estado é obrigatório',
  stateInvalid: 'Estado inválido',
  zipcodeRequired: 'CEP é obrigatório',
  zipcodeInvalid: 'CEP inválido',
  colorInvalid: 'Cor inválida: use o formato #rrggbb',
  deadlinesInvalid: 'Os prazos precisam ser uma lista de atividades e descrições.',
  warrantyInvalid: 'A garantia precisa ser um número inteiro de dias.',
  timeAlertInvalid: 'O alerta de vencimento precisa ser um número inteiro de dias.',
  flagInvalid: 'Valor inválido: use sim ou não.',
  logoInvalid: 'Logo inválido: envie a imagem novamente.',
  thresholdsInvalid: 'Os resultados enviados não são válidos.',
  invalid: 'Verifique os campos destacados.',
} as const;

const M = SETTINGS_MESSAGES;

/** The fields of 'Dados da empresa' (spec section 3, "Company settings"), in the form's order. */
export const COMPANY_FIELDS = [
  'name',
  'cnpj',
  'employName',
  'employRegisterNo',
  'email',
  'site',
  'instagram',
  'phone',
  'whatsapp1',
  'whatsapp2',
  'zipcode',
  'address',
  'number',
  'district',
  'city',
  'state',
  'bgColor',
  'fontColor',
  'fontColor2',
  'titleColor',
] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** The texts of 'Textos dos impressos' (spec section 3, "Message settings"); `deadlines` is a list kept as JSON. */
export const MESSAGE_FIELDS = [
  'presentation',
  'quotationDetails',
  'footer',
  'slogan',
  'receipt',
  'warranty',
  'approbation',
  'sendMessage',
  'sendMessageWhats',
  'sendMessageNewFilesUpload',
] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];
export const MESSAGE_DEADLINES_FIELD = 'deadlines';

/** 'Variáveis do sistema' (spec section 3, "General settings"), prefix `settings`. */
/** allowSelfApproval ('1' or ''): whoever finalized a sample may approve it (one-person consultancies; issue 28). */
export const SYSTEM_FIELDS = ['logo', 'warranty', 'timeAlert', 'allowSelfApproval'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

export const RESULT_OPTIONS = { chemical: settingName('result', 'chemical'), noise: settingName('result', 'noise') } as const;

/** The flag settings' value read as a boolean ('1' or 'true'). */
export function settingFlag(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

/** Where a stored logo is served (`POST api/file` answers it as `path`). */
export const LOGO_PATH = /^api\/file\/[1-9]\d{0,9}$/;

// ---- value rules: each takes the option's text (as stored) ----

type Rule = z.ZodType<string, string>;

const plain = (max: number): Rule => z.string().max(max, tooLongMessage(max));

const required = (max: number, message: string): Rule =>
  z
    .string()
    .max(max, tooLongMessage(max))
    .refine((v) => v.trim() !== '', message);

const color: Rule = z.string().refine((v) => v.trim() === '' || /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(v.trim()), M.colorInvalid);

const days = (message: string): Rule => z.string().refine((v) => /^\d{1,4}$/.test(v.trim()), message);

const jsonOf = (check: (value: unknown) => string | null): Rule =>
  z.string().superRefine((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: check(undefined) ?? M.thresholdsInvalid });
      return;
    }
    const problem = check(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

function deadlinesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return M.deadlinesInvalid;
  const ok = value.every((row) => {
    const r = asRecord(row);
    return (
      isObject(row) &&
      typeof r.activity === 'string' &&
      typeof r.description === 'string' &&
      r.activity.length <= TEXT_LIMITS.line &&
      r.description.length <= TEXT_LIMITS.note
    );
  });
  return ok && value.length <= 100 ? null : M.deadlinesInvalid;
}

const chemicalProblem = (value: unknown) => (isObject(value) ? validateChemicalThresholds(value).message : M.thresholdsInvalid);
const noiseProblem = (value: unknown) => (isObject(value) ? validateNoiseThresholds(value).message : M.thresholdsInvalid);

const COMPANY_RULES: Record<CompanyField, Rule> = {
  name: plain(TEXT_LIMITS.line),
  bgColor: color,
  fontColor: color,
  fontColor2: color,
  titleColor: color,
  employName: plain(TEXT_LIMITS.line),
  employRegisterNo: plain(TEXT_LIMITS.line),
  cnpj: required(TEXT_LIMITS.document, M.cnpjRequired).refine((v) => v.trim() === '' || isValidCnpj(v), M.cnpjInvalid),
  site: plain(TEXT_LIMITS.line),
  email: required(TEXT_LIMITS.email, M.emailRequired).refine((v) => v.trim() === '' || z.email().safeParse(v.trim()).success, M.emailInvalid),
  instagram: plain(TEXT_LIMITS.line),
  whatsapp1: plain(TEXT_LIMITS.phone),
  whatsapp2: plain(TEXT_LIMITS.phone),
  phone: plain(TEXT_LIMITS.phone),
  address: required(TEXT_LIMITS.line, M.addressRequired),
  number: required(TEXT_LIMITS.line, M.numberRequired),
  district: required(TEXT_LIMITS.line, M.districtRequired),
  city: required(TEXT_LIMITS.line, M.cityRequired),
  state: required(TEXT_LIMITS.line, M.stateRequired).refine((v) => v.trim() === '' || STATE_CODES.includes(v.trim()), M.stateInvalid),
  zipcode: required(TEXT_LIMITS.zipcode, M.zipcodeRequired).refine((v) => v.trim() === '' || onlyDigits(v).length === 8, M.zipcodeInvalid),
};

const MESSAGE_RULES: Record<MessageField | typeof MESSAGE_DEADLINES_FIELD, Rule> = {
  ...(Object.fromEntries(MESSAGE_FIELDS.map((field) => [field, plain(TEXT_LIMITS.message)])) as Record<MessageField, Rule>),
  deadlines: jsonOf(deadlinesProblem),
};

const SYSTEM_RULES: Record<SystemField, Rule> = {
  logo: z.string().refine((v) => v === '' || LOGO_PATH.test(v), M.logoInvalid),
  warranty: days(M.warrantyInvalid),
  timeAlert: days(M.timeAlertInvalid),
  allowSelfApproval: z.string().refine((v) => ['', '0', '1', 'true', 'false'].includes(v.trim()), M.flagInvalid),
};

/** The company's data is one line per field (its name goes into e-mail subjects and page headers). */
function oneLine(rules: Record<string, Rule>): Record<string, Rule> {
  return Object.fromEntries(Object.entries(rules).map(([field, rule]) => [field, rule.refine((v) => !hasLineBreak(v), FIELD_MESSAGES.lineBreak)]));
}

function prefixed(prefix: 'company' | 'message' | 'settings' | 'result', rules: Record<string, Rule>): Array<[string, Rule]> {
  return Object.entries(rules).map(([field, rule]) => [settingName(prefix, field), rule]);
}

/** The rule of every option a screen edits, by option name (`company_cnpj`). */
export const SETTING_RULES: ReadonlyMap<string, Rule> = new Map([
  ...prefixed('company', oneLine(COMPANY_RULES)),
  ...prefixed('message', MESSAGE_RULES),
  ...prefixed('settings', SYSTEM_RULES),
  [RESULT_OPTIONS.chemical, jsonOf(chemicalProblem)],
  [RESULT_OPTIONS.noise, jsonOf(noiseProblem)],
]);

/** The message of one option's value, or null when it is fine (or no rule names it). */
export function settingProblem(option: string, value: string): string | null {
  const rule = SETTING_RULES.get(option);
  if (!rule) return null;
  const parsed = rule.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? M.invalid);
}

/** Every option's problem, by option name; empty when all are fine. */
export function settingsProblems(options: ReadonlyArray<{ option: string; value: string }>): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const { option, value } of options) {
    const message = settingProblem(option, value);
    if (message) problems[option] = [message];
  }
  return problems;
}

/** All the messages of a refusal, once each, in order: what the screens show joined by line breaks (spec section 8). */
export function flattenMessages(message: string | null | undefined, fields: Readonly<Record<string, readonly string[]>> | undefined): string[] {
  const all = [...Object.values(fields ?? {}).flat()];
  if (all.length === 0 && message) all.push(message);
  return [...new Set(all.filter((m) => m.trim() !== ''))];
}

// ---- the logo: `POST api/file` (multipart field `file`) ----

/** Image types a logo may be: the ones the PDF templates (pdfmake) can draw. */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
/** Largest logo, in bytes (a logo is small; the PDF embeds it in every page header). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const LOGO_MESSAGES = {
  /** Spec section 5: image uploads accept images only. */
  notAnImage: 'Você não pode enviar arquivos desse tipo.',
  unsupported: (type: string) => `Tipo de arquivo não suportado: ${type}`,
  tooLarge: 'O logo deve ter no máximo 2 MB.',
  missing: 'Selecione uma imagem.',
  notFound: 'Logo não encontrado.',
} as const;

/** `POST api/file` answer: `path` is what `settings_logo` keeps and where the bytes are served. */
export const fileUploadResponseSchema = z.object({ id: z.number().int(), path: z.string().regex(LOGO_PATH) });
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

export function logoPath(fileId: number): string {
  return `api/file/${fileId}`;
}
