/**
 * Sampling methods as the chemical field memory uses them (issue 22;
 * docs/decisions/sampling-methods.md). The whole API:
 *
 * - `useSamplingMethods(): { loading, methods }`: the methods on the device,
 *   live and offline (methods is empty while loading);
 * - `methodForAgent(methods, agentId): MethodProposal | null`: when an agent
 *   (server id) is chosen in a row, the method to propose: `code` for
 *   `agent_method` ('NIOSH 1501'), `sampler` for `sampler_type`, `pumpFlow`
 *   for `pump_flow` ('0,11', the middle of the range; '' when none) and the
 *   `method` itself; null when no method lists the agent (keep what the
 *   agent's own `method` text gives);
 * - `methodOfRow(methods, { agent_id, agent_method }): LocalSamplingMethod | null`:
 *   the method a row names (by its name in `agent_method`; a blank one falls
 *   back to the agent's), null for a method the catalog does not know;
 * - `methodWarnings(method, { pump_flow, volume, date }, sentOn): MethodWarning[]`:
 *   flow or volume outside the method's range, or a sample older than the
 *   holding time on `sentOn` (the day it goes to the laboratory, or today:
 *   'YYYY-MM-DD' or 'DD/MM/YYYY'), each `{ field, message }` in Portuguese
 *   with the method's numbers; [] without a method;
 * - `<MethodFieldWarning warnings field />`: the warning of one field, under
 *   its input (nothing when there is none).
 */
export { useSamplingMethods, type SamplingMethodsState } from './use-sampling-methods';
export { methodForAgent, methodOfRow, methodWarnings, type MethodProposal } from './method-proposal';
export { MethodFieldWarning, type MethodFieldWarningProps } from './method-field-warning';
export type { MethodWarning, MethodWarningField, SampledValues } from '@/domain/sampling-method-checks';
