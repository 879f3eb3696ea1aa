/**
 * The agent (product) picker of a quotation row: the agents on the device,
 * searched by name, 10 shown. Choosing one hands back the agent, so the row
 * takes its name, price, type and unit type, and the quotation its equipment.
 */
import type { LocalProduct } from '@sync/store/registry/catalog-records';
import { LocalRecordSelect, type LocalRecordSelectProps } from '@/ui/inputs';

export const AGENT_PICKER_TEXTS = { label: 'Agente', placeholder: 'Selecione um agente' } as const;

export type AgentPickerProps = Omit<LocalRecordSelectProps<'products'>, 'resource' | 'onChange'> & {
  onChange: (agent: LocalProduct | null) => void;
};

export function AgentPicker(props: AgentPickerProps) {
  return <LocalRecordSelect resource="products" placeholder={AGENT_PICKER_TEXTS.placeholder} {...props} />;
}
