/**
 * The agents a method may list: the chemical agents on the device that the
 * server knows (a method names agents by server id; one created here is
 * offered once it has been sent), by name, with the CAS number to tell
 * isomers apart. An id the method lists that this device does not know (a
 * newer agent, or one deleted elsewhere and not yet pulled) stays as
 * 'Agente #id' until the user removes it, so nothing is dropped silently.
 */
import type { LocalProduct, LocalProductType } from '@sync/react';
import { SAMPLING_METHOD_TEXTS } from './sampling-method-texts';

const CHEMICAL_SLUG = 'chemical';

/** The server's slug says it; a type created on this device has none yet, so its name ('Químico') does. */
function isChemical(type: LocalProductType | undefined): boolean {
  if (!type) return false;
  if (type.slug) return type.slug === CHEMICAL_SLUG;
  return (
    type.name
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .trim()
      .toLowerCase() === 'quimico'
  );
}

export interface AgentOptions {
  data: Array<{ value: string; label: string }>;
  /** Chemical agents created on this device and not sent yet. */
  pending: number;
}

export function chemicalAgentOptions(products: readonly LocalProduct[], types: readonly LocalProductType[], chosen: readonly string[]): AgentOptions {
  const chemicalTypes = new Set(types.filter(isChemical).map((type) => type.key));
  const chemical = products.filter((agent) => agent.type_key !== null && chemicalTypes.has(agent.type_key));
  const known = chemical
    .filter((agent): agent is LocalProduct & { id: number } => agent.id !== null)
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
    .map((agent) => ({ value: String(agent.id), label: agent.cas ? `${agent.name} (${agent.cas})` : agent.name }));
  const offered = new Set(known.map((option) => option.value));
  // A chosen agent of another type (re-typed since) still shows by its name.
  const byId = new Map(products.filter((agent) => agent.id !== null).map((agent) => [String(agent.id), agent.name]));
  const others = chosen
    .filter((id) => !offered.has(id))
    .map((id) => ({ value: id, label: byId.get(id) ?? SAMPLING_METHOD_TEXTS.unknownAgent(Number(id)) }));
  return { data: [...known, ...others], pending: chemical.length - known.length };
}
