/** The deadlines (spec: 'deadlines (activity, description; add button on the last row only)'). */
import { memo } from 'react';
import { Table, Textarea, TextInput } from '@mantine/core';
import { LineActionsCell } from './line-actions';
import { LINE_INPUT_STYLES, LineTable, type LineListProps } from './line-table';
import type { DeadlineValues } from './quotation-form-values';

export const DEADLINE_TEXTS = { title: 'Prazos', activity: 'Atividade', description: 'Descrição' } as const;

export const QuotationDeadlines = memo(function QuotationDeadlines({ lines, onChange, onAdd, onRemove }: LineListProps<DeadlineValues>) {
  return (
    <LineTable
      title={DEADLINE_TEXTS.title}
      headers={[{ label: DEADLINE_TEXTS.activity, width: 240 }, { label: DEADLINE_TEXTS.description }]}
      minWidth={560}
    >
      {lines.map((line, index) => (
        <Table.Tr key={line.uid}>
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
          <LineActionsCell last={index === lines.length - 1} onAdd={onAdd} onRemove={() => onRemove(index)} />
        </Table.Tr>
      ))}
    </LineTable>
  );
});
