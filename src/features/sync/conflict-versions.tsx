/**
 * A conflict's two versions side by side, question by question: mine (this
 * device) and the server's. For an update only the leaves changed on both
 * sides are listed, one row each with its label ('Caracterização —
 * Matrícula'; the engine merges the rest alone, at any depth), and when the
 * user may choose, each row offers its two values as a choice. For a delete in
 * conflict every field is listed (my version is "deleted"), so the user sees
 * what the server changed before deciding.
 */
import { useId } from 'react';
import { Radio, Table, Text } from '@mantine/core';
import type { FieldChoice, FieldDifference, OutboxOperation } from '@sync/react';
import { formatDifference } from './format-sync-value';
import { SYNC_TEXTS } from './sync-texts';

const HIGHLIGHT = { background: 'var(--mantine-color-yellow-1)', fontWeight: 600 } as const;
/** Nested values (a document's lines) are written one item per line. */
const VALUE_STYLE = { whiteSpace: 'pre-line' } as const;

export interface ConflictVersionsProps {
  fields: readonly FieldDifference[];
  op: OutboxOperation;
  /** The choice made per field so far; with `onChoose`, each row is a choice. */
  choices?: Readonly<Record<string, FieldChoice>>;
  onChoose?: (field: string, choice: FieldChoice) => void;
  disabled?: boolean;
}

export function ConflictVersions({ fields, op, choices = {}, onChoose, disabled }: ConflictVersionsProps) {
  const choosing = onChoose !== undefined && op !== 'delete';
  // One radio group per field of this conflict (several conflicts may list the same field).
  const group = useId();
  return (
    <>
      {op === 'delete' ? (
        <Text size="sm" mb="xs">
          {SYNC_TEXTS.deletedHere}
        </Text>
      ) : choosing ? (
        <Text size="sm" mb="xs">
          {SYNC_TEXTS.chooseHint}
        </Text>
      ) : null}
      <Table withTableBorder withColumnBorders striped={false} fz="sm" data-testid="conflict-versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{SYNC_TEXTS.field}</Table.Th>
            <Table.Th>{SYNC_TEXTS.mine}</Table.Th>
            <Table.Th>{SYNC_TEXTS.theirs}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((difference) => {
            const mine = formatDifference(difference, 'mine');
            const theirs = formatDifference(difference, 'theirs');
            const differs = mine !== theirs;
            const cell = (side: FieldChoice, text: string) => {
              const shown = op === 'delete' && side === 'mine' ? <s>{text}</s> : text;
              if (!choosing) return <Table.Td style={differs ? { ...HIGHLIGHT, ...VALUE_STYLE } : VALUE_STYLE}>{shown}</Table.Td>;
              const chosen = choices[difference.field] === side;
              return (
                <Table.Td style={chosen ? { ...HIGHLIGHT, ...VALUE_STYLE } : VALUE_STYLE} data-chosen={chosen ? 'true' : 'false'}>
                  <Radio
                    name={`${group}-${difference.field}`}
                    checked={chosen}
                    disabled={disabled}
                    onChange={() => onChoose!(difference.field, side)}
                    aria-label={`${side === 'mine' ? SYNC_TEXTS.mine : SYNC_TEXTS.theirs}: ${difference.label}`}
                    label={<span style={VALUE_STYLE}>{shown}</span>}
                  />
                </Table.Td>
              );
            };
            return (
              <Table.Tr key={difference.field} data-differs={differs ? 'true' : 'false'}>
                <Table.Td>{difference.label}</Table.Td>
                {cell('mine', mine)}
                {cell('theirs', theirs)}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}
