/**
 * A conflict's two versions side by side, field by field: mine (this
 * device) and the server's, with the fields that differ highlighted. For a
 * delete in conflict every field is listed (my version is "deleted"), so
 * the user sees what the server changed before deciding.
 */
import { Table, Text } from '@mantine/core';
import type { FieldDifference } from '../../../sync/engine/reports';
import type { OutboxOperation } from '../../../sync/store/types';
import { formatFieldValue } from './format-sync-value';
import { SYNC_TEXTS } from './sync-texts';

const HIGHLIGHT = { background: 'var(--mantine-color-yellow-1)', fontWeight: 600 } as const;

export function ConflictVersions({ fields, op }: { fields: readonly FieldDifference[]; op: OutboxOperation }) {
  return (
    <>
      {op === 'delete' ? (
        <Text size="sm" mb="xs">
          {SYNC_TEXTS.deletedHere}
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
            const mine = formatFieldValue(difference.field, difference.mine);
            const theirs = formatFieldValue(difference.field, difference.theirs);
            const differs = mine !== theirs;
            return (
              <Table.Tr key={difference.field} data-differs={differs ? 'true' : 'false'}>
                <Table.Td>{difference.label}</Table.Td>
                <Table.Td style={differs ? HIGHLIGHT : undefined}>{op === 'delete' ? <s>{mine}</s> : mine}</Table.Td>
                <Table.Td style={differs ? HIGHLIGHT : undefined}>{theirs}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}
