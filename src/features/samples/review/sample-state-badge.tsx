/**
 * A sample's review state as a coloured badge with its Portuguese label
 * ('Em revisão'), the same on the sample page and in the list. The colours
 * group the states: grey a draft, blue on its way, yellow waiting for the
 * laboratory, orange back with the technician, green approved, red or dark
 * closed without approval.
 */
import { Badge } from '@mantine/core';
import { SAMPLE_STATE_LABELS, type SampleState } from '@sync/contract/samples';

export const SAMPLE_STATE_COLORS: Record<SampleState, string> = {
  rascunho: 'gray',
  finalizada: 'blue',
  aguardando_laboratorio: 'yellow',
  em_revisao: 'indigo',
  aprovada: 'green',
  emitida: 'teal',
  devolvida: 'orange',
  cancelada: 'red',
  substituida: 'dark',
};

export function SampleStateBadge({ state, size = 'lg' }: { state: SampleState; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={SAMPLE_STATE_COLORS[state]}
      variant="light"
      size={size}
      data-state={state}
      data-testid="sample-state"
      styles={{ label: { textTransform: 'none' } }}
    >
      {SAMPLE_STATE_LABELS[state]}
    </Badge>
  );
}
