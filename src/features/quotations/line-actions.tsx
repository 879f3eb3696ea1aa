/**
 * The add and remove icons of a line table's row (44 px touch targets).
 * Add shows on the last row only (spec: deadlines; used by every line table
 * so they behave alike); remove on every row (removing the last row leaves
 * a blank one: quotation-form-values.ts).
 */
import { ActionIcon, Group } from '@mantine/core';

export const LINE_TEXTS = { add: 'Adicionar linha', remove: 'Remover linha' } as const;

export function LineActions({ last, onAdd, onRemove }: { last: boolean; onAdd: () => void; onRemove: () => void }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon size={44} variant="light" color="red" aria-label={LINE_TEXTS.remove} onClick={onRemove}>
        −
      </ActionIcon>
      {last ? (
        <ActionIcon size={44} variant="light" aria-label={LINE_TEXTS.add} onClick={onAdd}>
          +
        </ActionIcon>
      ) : (
        <span style={{ width: 44 }} />
      )}
    </Group>
  );
}
