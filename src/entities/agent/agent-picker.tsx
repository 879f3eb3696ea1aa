/**
 * The agent (product) picker of a quotation row: the agents on the device,
 * searched by name, 10 shown, of one type when given (a chemical sample's
 * agent rows). Choosing one hands back the agent, so the row takes its name,
 * price, type and unit type, and the quotation its equipment (a sample's
 * agent row its id, name, code, CAS and method).
 */
import type { LocalProduct } from '@sync/react';
import { LocalRecordSelect, type LocalRecordSelectProps } from '@/ui/inputs';

export const AGENT_PICKER_TEXTS = { label: 'Agente', placeholder: 'Selecione um agente' } as const;

export type AgentPickerProps = Omit<LocalRecordSelectProps<'products'>, 'resource' | 'onChange' | 'only'> & {
  onChange: (agent: LocalProduct | null) => void;
  /** Only the agents of this product type (a chemical sample offers its chemical agents); every agent without it. */
  typeId?: number;
};

export function AgentPicker({ typeId, ...props }: AgentPickerProps) {
  const only = typeId === undefined ? undefined : (agent: LocalProduct) => agent.type_id === typeId;
  return <LocalRecordSelect resource="products" placeholder={AGENT_PICKER_TEXTS.placeholder} only={only} {...props} />;
}
