/**
 * The quotation form's two option lists as an administrator keeps them
 * (spec section 7: `PUT api/quotation/payment-type` and
 * `PUT api/quotation/type`; docs/decisions/quotations.md, 2026-11-29):
 * payment conditions and exposition types. Devices read them as the
 * read-only lists of sync/contract/lookups.ts (`GET api/quotation/payment-type`,
 * `GET api/quotation/exposition`); only these two calls write them, online.
 *
 * The spec names the calls and nothing of their bodies. Each PUT sends the
 * whole list, as the screen shows it: `{ types: [{ id?, name }] }`. A line
 * with an id renames that type, one without adds a type, and a type left
 * out is removed, unless a quotation uses it (409, nothing changed). The
 * answer is the list, as `GET` answers it (an array of id, name, slug and
 * timestamps).
 *
 * Two administrators editing at once: the screen also sends `base`, the list
 * it started from, and the server applies only what this screen changed
 * (`mergeOptionEdits`): a type another one added since is kept, and one they
 * renamed keeps their name unless this screen renamed it too. Without `base`
 * the body is the whole list, as above.
 */
import { z } from 'zod';
import { idSchema, requiredText, TEXT_LIMITS } from './fields';
import { LOOKUP_PATHS } from './lookups';

export const QUOTATION_OPTION_PATHS = {
  paymentTypes: LOOKUP_PATHS.paymentTypes,
  expositionTypes: 'api/quotation/type',
} as const;

export type QuotationOptionList = keyof typeof QUOTATION_OPTION_PATHS;

/** The read-only resource each list refreshes on the device after a save. */
export const QUOTATION_OPTION_RESOURCES: Record<QuotationOptionList, 'payment_types' | 'exposition_types'> = {
  paymentTypes: 'payment_types',
  expositionTypes: 'exposition_types',
};

/** At most this many types in one list (a select the form shows whole). */
export const MAX_QUOTATION_OPTIONS = 100;

/** The exposition type a quotation row takes by default (spec section 9): it is never removed. */
export const DEFAULT_EXPOSITION_TYPE_ID = 1;

export const QUOTATION_OPTION_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  nameWithoutLetters: 'O nome precisa ter letras ou números.',
  tooMany: `No máximo ${MAX_QUOTATION_OPTIONS} itens por lista.`,
  duplicateId: 'O mesmo item aparece duas vezes na lista.',
  adminsOnly: 'Somente administradores podem alterar as opções dos orçamentos.',
  saved: {
    paymentTypes: 'Formas de pagamento salvas com sucesso',
    expositionTypes: 'Tipos de exposição salvos com sucesso',
  },
  duplicateName: {
    paymentTypes: (name: string) => `Já existe uma forma de pagamento chamada "${name}" nesta lista.`,
    expositionTypes: (name: string) => `Já existe um tipo de exposição chamado "${name}" nesta lista.`,
  },
  unknown: {
    paymentTypes: (id: number) => `Forma de pagamento nº ${id} não encontrada: recarregue a lista e tente de novo.`,
    expositionTypes: (id: number) => `Tipo de exposição nº ${id} não encontrado: recarregue a lista e tente de novo.`,
  },
  inUse: {
    paymentTypes: (name: string, count: number) =>
      `A forma de pagamento "${name}" é usada em ${count} ${count === 1 ? 'orçamento' : 'orçamentos'} e não pode ser removida.`,
    expositionTypes: (name: string, count: number) =>
      `O tipo de exposição "${name}" é usado em ${count} ${count === 1 ? 'orçamento' : 'orçamentos'} e não pode ser removido.`,
  },
  defaultExposition: (name: string) => `O tipo de exposição "${name}" é o padrão das linhas de agentes e não pode ser removido.`,
} as const;

const M = QUOTATION_OPTION_MESSAGES;

export const quotationOptionLineSchema = z.object({
  /** Absent or null: a new type. */
  id: idSchema.nullish().transform((value) => value ?? null),
  name: requiredText(TEXT_LIMITS.line, M.nameRequired),
});

/** The body of both PUTs: the whole list, and the list the screen started from. */
export const quotationOptionsInputSchema = z.object({
  base: z
    .array(z.object({ id: idSchema, name: z.string().max(TEXT_LIMITS.line) }))
    .max(MAX_QUOTATION_OPTIONS, M.tooMany)
    .optional(),
  types: z
    .array(quotationOptionLineSchema)
    .max(MAX_QUOTATION_OPTIONS, M.tooMany)
    .superRefine((lines, context) => {
      const seen = new Set<number>();
      lines.forEach((line, index) => {
        if (line.id === null) return;
        if (seen.has(line.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: M.duplicateId });
        seen.add(line.id);
      });
    }),
});
export type QuotationOptionsInput = z.input<typeof quotationOptionsInputSchema>;
export type QuotationOptionsBody = z.output<typeof quotationOptionsInputSchema>;

type OptionLine = { id: number | null; name: string };

/**
 * The list to store when a screen that started from `base` sends `edited`
 * while the stored list is `current`: the edited lines in their order (so a
 * refusal's `types.N` still names the screen's row N), a name this screen
 * left as it was taking the stored one (another's rename), then the types
 * added by others since. A type in `base` and not in `edited` is removed.
 */
export function mergeOptionEdits<Line extends OptionLine>(
  current: readonly OptionLine[],
  base: readonly OptionLine[],
  edited: readonly Line[],
): OptionLine[] {
  const stored = new Map(current.map((line) => [line.id, line.name]));
  const started = new Map(base.map((line) => [line.id, line.name]));
  const mine = edited.map((line) => {
    const storedName = line.id === null ? undefined : stored.get(line.id);
    const untouched = line.id !== null && started.get(line.id) === line.name;
    return untouched && storedName !== undefined ? { ...line, name: storedName } : line;
  });
  const seen = new Set(edited.map((line) => line.id));
  const addedByOthers = current.filter((line) => !started.has(line.id) && !seen.has(line.id));
  return [...mine, ...addedByOthers.map(({ id, name }) => ({ id, name }))];
}
