/**
 * The sampling-method catalog on the wire (beyond the spec: issue 22,
 * docs/decisions/sampling-methods.md): a method is a code and its
 * institution ('NIOSH 1501'), the sampler, the flow range (L/min), the
 * minimum and maximum volume (L), how many days a sample may wait before the
 * laboratory (holding time) and at which temperature, the laboratory, and
 * the chemical agents it applies to, as a list of agent (product) ids on the
 * method (`agent_ids`).
 *
 * Paths follow the catalog's pattern (`api/sampling-method/all/{skip}/{take}`,
 * `api/sampling-method/{id}`, `POST api/sampling-method`); see
 * docs/sync-protocol.md. One rule crosses fields: a minimum is never above its
 * maximum (flow and volume), said at the maximum.
 */
import { z } from 'zod';
import { MAX_ID, requiredText, TEXT_LIMITS, trimmedText } from './fields';
import { syncFieldsSchema } from './sync';

export const SAMPLING_INSTITUTIONS = ['niosh', 'osha', 'nho', 'other'] as const;
export type SamplingInstitution = (typeof SAMPLING_INSTITUTIONS)[number];

/** How each institution is named to people; 'other' names none (the code says it all: 'EPA TO-15'). */
export const SAMPLING_INSTITUTION_LABELS: Readonly<Record<SamplingInstitution, string>> = {
  niosh: 'NIOSH',
  osha: 'OSHA',
  nho: 'NHO',
  other: 'Outra',
};

export const SAMPLING_METHOD_MESSAGES = {
  codeRequired: 'Código é obrigatório',
  institutionRequired: 'Instituição é obrigatória',
  notNegative: 'Deve ser um número maior ou igual a zero.',
  flowTooHigh: 'Vazão muito alta (máximo 1.000 L/min).',
  volumeTooHigh: 'Volume muito alto (máximo 1.000.000 L).',
  holdingDays: 'Informe o prazo em dias inteiros, de 0 a 3.650.',
  flowRange: 'A vazão mínima não pode ser maior que a máxima.',
  volumeRange: 'O volume mínimo não pode ser maior que o máximo.',
  tooManyAgents: 'Um método pode ter no máximo 500 agentes.',
  agentInvalid: 'Agente inválido.',
} as const;

/** Largest flow (L/min) and volume (L) a method may name: far above any personal or area sampler. */
export const MAX_METHOD_FLOW = 1_000;
export const MAX_METHOD_VOLUME = 1_000_000;
export const MAX_HOLDING_DAYS = 3_650;
export const MAX_METHOD_AGENTS = 500;

const id = z.number().int().positive().max(MAX_ID);
const M = SAMPLING_METHOD_MESSAGES;
const optionalText = trimmedText(TEXT_LIMITS.line).nullish();
const measure = (max: number, tooHigh: string) => z.number({ error: M.notNegative }).nonnegative(M.notNegative).max(max, tooHigh).nullish();

export const samplingMethodSchema = z
  .object({
    id,
    code: z.string(),
    institution: z.enum(SAMPLING_INSTITUTIONS),
    description: z.string().nullable(),
    sampler: z.string().nullable(),
    flow_min: z.number().nullable(),
    flow_max: z.number().nullable(),
    volume_min: z.number().nullable(),
    volume_max: z.number().nullable(),
    holding_days: z.number().int().nullable(),
    storage_temperature: z.string().nullable(),
    laboratory: z.string().nullable(),
    /** The chemical agents (product ids) the method applies to; ids of deleted agents are removed by the server. */
    agent_ids: z.array(id),
  })
  .extend(syncFieldsSchema.shape);
export type SamplingMethod = z.infer<typeof samplingMethodSchema>;

type Bound = number | null | undefined;
const ordered = (min: Bound, max: Bound) => min == null || max == null || min <= max;

/** The one rule across fields: no minimum above its maximum (flow, volume), said at the maximum. Forms built on the fields apply it too. */
export function withMethodRanges<T extends z.ZodType<{ flow_min?: Bound; flow_max?: Bound; volume_min?: Bound; volume_max?: Bound }>>(schema: T): T {
  return schema
    .refine((method) => ordered(method.flow_min, method.flow_max), { path: ['flow_max'], message: M.flowRange })
    .refine((method) => ordered(method.volume_min, method.volume_max), { path: ['volume_max'], message: M.volumeRange });
}

/** The fields of a method's write, each with its own rule (without the rule across fields). */
export const samplingMethodFieldsSchema = z.object({
  /** The method's number or name within its institution ('1501', '0600', '08'). */
  code: requiredText(TEXT_LIMITS.line, M.codeRequired),
  institution: z.enum(SAMPLING_INSTITUTIONS, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? M.institutionRequired : undefined),
  }),
  /** What it samples ('Hidrocarbonetos aromáticos'). */
  description: optionalText,
  sampler: optionalText,
  flow_min: measure(MAX_METHOD_FLOW, M.flowTooHigh),
  flow_max: measure(MAX_METHOD_FLOW, M.flowTooHigh),
  volume_min: measure(MAX_METHOD_VOLUME, M.volumeTooHigh),
  volume_max: measure(MAX_METHOD_VOLUME, M.volumeTooHigh),
  holding_days: z.number({ error: M.holdingDays }).int(M.holdingDays).min(0, M.holdingDays).max(MAX_HOLDING_DAYS, M.holdingDays).nullish(),
  storage_temperature: optionalText,
  laboratory: optionalText,
  agent_ids: z.array(id, { error: M.agentInvalid }).max(MAX_METHOD_AGENTS, M.tooManyAgents).nullish(),
});

/** A method's write body (POST, PUT), also what a local save is checked with. */
export const samplingMethodInputSchema = withMethodRanges(samplingMethodFieldsSchema);
export type SamplingMethodInput = z.infer<typeof samplingMethodInputSchema>;

/** 'NIOSH 1501'; a method of another institution is named by its code alone. */
export function samplingMethodLabel(method: { code: string; institution: SamplingInstitution | null | undefined }): string {
  const code = method.code.trim();
  if (!method.institution || method.institution === 'other') return code;
  return `${SAMPLING_INSTITUTION_LABELS[method.institution]} ${code}`;
}
