/**
 * The equipment list of a saved agent or service (spec: "An equipment
 * section appears once saved", "After the first save an equipment list for
 * the service appears with '+ Novo equipamento'"): its lines with the
 * quantity, add and edit in a modal, remove with confirmation. Reads and
 * writes the local store only, so it works offline, also for a parent that
 * is not on the server yet (the engine sends the lines after it).
 */
import { useMemo, useState } from 'react';
import { Box, Button, Card, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useLocalLines, useLocalList } from '@sync/react/use-local-record';
import { useOutboxProblems } from '@sync/react/use-outbox-problems';
import { useSyncActions } from '@sync/react/use-sync-actions';
import type { LocalEquipment, LocalProductEquipment, LocalServiceEquipment, ResourceInput } from '@sync/react';
import { alertDanger } from '@/ui/alerts';
import { useConfirmDelete } from '@/ui/confirm-delete';
import { errorMessage, fieldErrorsOf } from '@/ui/forms/sync-error';
import { CellText } from '@/ui/list-page/cell-text';
import { LIST_TEXTS } from '@/ui/list-page/list-page';
import { ProblemBadge } from '@/ui/list-page/record-id-cell';
import { ExpiryBadge } from './expiry-badge';
import { EquipmentLineModal, type LineDraft } from './equipment-line-modal';

export const LINES_TEXTS = {
  title: 'Equipamentos',
  add: '+ Novo equipamento',
  empty: 'Ainda não tem nenhum item cadastrado.',
  equipment: 'Equipamento',
  quantity: 'Qtd.',
  edit: 'Editar',
  remove: 'Remover',
  confirmRemove: 'Tem certeza que deseja remover esse equipamento da lista?',
  removed: 'Equipamento removido da lista',
} as const;

type LineResource = 'product_equipments' | 'service_equipments';
type Line = LocalProductEquipment | LocalServiceEquipment;

export interface EquipmentLinesSectionProps {
  resource: LineResource;
  /** The line field pointing at the parent by local key. */
  parentKeyField: 'product_key' | 'service_key';
  parentKey: string;
}

export function EquipmentLinesSection({ resource, parentKeyField, parentKey }: EquipmentLinesSectionProps) {
  const lines = useLocalLines(resource, parentKey);
  const equipmentList = useLocalList('equipment');
  const problems = useOutboxProblems(resource);
  const { saveRecord, deleteRecord } = useSyncActions();
  const [editing, setEditing] = useState<{ line?: Line } | null>(null);
  const remove = useConfirmDelete<Line>({
    run: (line) => deleteRecord(resource, line.key),
    successMessage: LINES_TEXTS.removed,
  });

  const equipment: LocalEquipment[] = equipmentList.loading ? [] : equipmentList.rows;
  const byKey = useMemo(() => new Map(equipment.map((item) => [item.key, item])), [equipment]);
  const rows: Line[] = lines.loading ? [] : lines.rows;

  const save = async (draft: LineDraft): Promise<Record<string, string> | void> => {
    const line = editing?.line;
    const fields: Record<string, unknown> = { [parentKeyField]: parentKey, quantity: draft.quantity };
    if (draft.equipmentKey) fields.equipment_key = draft.equipmentKey;
    else if (line) fields.equipment_id = line.equipment_id;
    try {
      await saveRecord(resource, line?.key ?? null, fields as ResourceInput<LineResource>);
      setEditing(null);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error, { equipment_id: 'equipment' });
      if (Object.keys(fieldErrors).length > 0) return fieldErrors;
      alertDanger(errorMessage(error));
    }
  };

  const taken = new Set(rows.filter((row) => row.key !== editing?.line?.key && row.equipment_key).map((row) => row.equipment_key as string));

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600} size="lg">
            {LINES_TEXTS.title}
          </Text>
          <Button variant="light" onClick={() => setEditing({})}>
            {LINES_TEXTS.add}
          </Button>
        </Group>
        {lines.loading ? (
          <Center py="md" aria-busy="true">
            <Loader size="sm" />
          </Center>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {LINES_TEXTS.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped verticalSpacing="xs" aria-label={LINES_TEXTS.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{LINES_TEXTS.equipment}</Table.Th>
                  <Table.Th style={{ width: 80 }}>{LINES_TEXTS.quantity}</Table.Th>
                  <Table.Th style={{ width: 180 }}>{LIST_TEXTS.options}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((line) => {
                  const item = line.equipment_key ? byKey.get(line.equipment_key) : undefined;
                  const problem = problems.get(line.key);
                  return (
                    <Table.Tr key={line.key}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Box miw={0}>
                            <CellText text={item?.name ?? line.name ?? ''} />
                          </Box>
                          {item?.serial_number ? (
                            <Text span size="xs" c="dimmed">
                              nº {item.serial_number}
                            </Text>
                          ) : null}
                          <ExpiryBadge expirationDate={item?.expiration_date} />
                          {problem ? <ProblemBadge problem={problem} /> : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>{line.quantity}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" variant="default" onClick={() => setEditing({ line })}>
                            {LINES_TEXTS.edit}
                          </Button>
                          <Button size="xs" color="red" variant="light" onClick={() => remove.request(line)}>
                            {LINES_TEXTS.remove}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <EquipmentLineModal
        opened={editing !== null}
        initial={
          editing?.line ? { equipmentKey: editing.line.equipment_key, equipmentName: editing.line.name, quantity: editing.line.quantity } : undefined
        }
        equipment={equipment}
        taken={taken}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      {remove.modal({ message: LINES_TEXTS.confirmRemove })}
    </Card>
  );
}
