/** The deadlines (spec: 'deadlines (activity, description; add button on the last row only)'); rows follow their own line. */
import { memo } from 'react';
import { Table, Textarea, TextInput } from '@mantine/core';
import { LineActionsCell } from './line-actions';
import { LINE_INPUT_STYLES, LineTable, linesOf, useLine, type LineListProps } from './line-table';
import type { LineHandlers } from './use-line-handlers';
import type { QuotationFormApi } from './use-quotation-form';

export const DEADLINE_TEXTS = { title: 'Prazos', activity: 'Atividade', description: 'Descrição' } as const;

export const QuotationDeadlines = memo(function QuotationDeadlines({ api, handlers }: LineListProps<'deadlines'>) {
  const lines = linesOf(api, 'deadlines');
  return (
    <LineTable
      title={DEADLINE_TEXTS.title}
      headers={[{ label: DEADLINE_TEXTS.activity, width: 240 }, { label: DEADLINE_TEXTS.description }]}
      minWidth={560}
    >
      {lines.map((line, index) => (
        <DeadlineRow key={line.uid} api={api} index={index} last={index === lines.length - 1} handlers={handlers} />
      ))}
    </LineTable>
  );
});

interface DeadlineRowProps {
  api: QuotationFormApi;
  index: number;
  last: boolean;
  handlers: LineHandlers<'deadlines'>;
}

const DeadlineRow = memo(function DeadlineRow({ api, index, last, handlers }: DeadlineRowProps) {
  const line = useLine(api, 'deadlines', index);
  if (!line) return null;
  const { onChange, onAdd, onRemove } = handlers;
  return (
    <Table.Tr>
      <Table.Td>
        <TextInput
          aria-label={`${DEADLINE_TEXTS.activity} ${index + 1}`}
          value={line.activity}
          onChange={(event) => onChange(index, { activity: event.currentTarget.value })}
          styles={LINE_INPUT_STYLES}
        />
      </Table.Td>
      <Table.Td>
        <Textarea
          aria-label={`${DEADLINE_TEXTS.description} ${index + 1}`}
          rows={1}
          value={line.description}
          onChange={(event) => onChange(index, { description: event.currentTarget.value })}
          styles={LINE_INPUT_STYLES}
        />
      </Table.Td>
      <LineActionsCell last={last} onAdd={onAdd} onRemove={() => onRemove(index)} />
    </Table.Tr>
  );
});
