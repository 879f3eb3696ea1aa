/** The agent (product) as other areas use it: the picker of a quotation row. */
export { AgentPicker, AGENT_PICKER_TEXTS, type AgentPickerProps } from './agent-picker';
