/**
 * 'Nova amostra' (issue 13): one more sample for a quotation's plan, added
 * in the field, offline — the technician chooses the type and the agent
 * row (the quotation's rows when this device has the quotation). The
 * sample takes the next number this device knows and opens at once. The
 * quotation is named by its number, as on every sample screen ('5/2026').
 * The sample names the chosen row by its `row_id` and starts with the row's
 * sector, function and agent (docs/decisions/samples-plan-and-page.md).
 */
import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { rowPrefill, SAMPLE_TYPES, sampleRowRef } from '@sync/contract/samples';
import { useSyncActions } from '@sync/react/use-sync-actions';
import type { LocalQuotation, LocalSample } from '@sync/react';
import { alertDanger } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';
import { formatQuotationNumber } from '@/domain/quotation-number';
import { nextSampleNo } from './sample-list-logic';
import { SAMPLE_TEXTS } from './sample-texts';

export interface NewSampleModalProps {
  opened: boolean;
  onClose(): void;
  /** The quotation as the samples name it: by local key when this device has it, else by server id. */
  quotationKey: string | null;
  quotationId: number | null;
  quotation: LocalQuotation | undefined;
  samples: readonly LocalSample[];
  onCreated(key: string): void;
}

export function NewSampleModal({ opened, onClose, quotationKey, quotationId, quotation, samples, onCreated }: NewSampleModalProps) {
  const { saveRecord } = useSyncActions();
  const [typeId, setTypeId] = useState(String(SAMPLE_TYPES[2]!.id));
  const [row, setRow] = useState('');
  const [busy, setBusy] = useState(false);
  const rows = quotation?.rows ?? [];

  const create = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const chosen = row === '' ? undefined : rows[Number(row)];
      const key = await saveRecord('samples', null, {
        ...(quotationKey ? { quotation_key: quotationKey } : { quotation_id: quotationId }),
        type_id: Number(typeId),
        quotation_row_id: chosen ? sampleRowRef(chosen, Number(row)) : null,
        plan_unit: null,
        sample_no: nextSampleNo(samples),
        agent_name: chosen?.name ?? null,
        chemical_agent: null,
        ...(chosen ? rowPrefill(chosen) : { caracterization: {}, memory_field: {} }),
        result: {},
        risk_classification: {},
        validation: {},
      });
      onCreated(key);
    } catch (error) {
      alertDanger(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={SAMPLE_TEXTS.newSample} centered>
      <Stack gap="md">
        <Text size="sm" data-testid="new-sample-quotation">
          {SAMPLE_TEXTS.quotation}: {formatQuotationNumber({ reference_no: quotation?.reference_no, id: quotation?.id ?? quotationId })}
        </Text>
        <NativeSelect
          label={SAMPLE_TEXTS.newSampleType}
          value={typeId}
          onChange={(event) => {
            setTypeId(event.currentTarget.value);
            setRow('');
          }}
          data={SAMPLE_TYPES.map((type) => ({ value: String(type.id), label: type.name }))}
          styles={{ input: { minHeight: 44 } }}
        />
        <NativeSelect
          label={SAMPLE_TEXTS.newSampleRow}
          value={row}
          onChange={(event) => {
            const index = event.currentTarget.value;
            setRow(index);
            const agent = index === '' ? undefined : rows[Number(index)];
            if (agent && SAMPLE_TYPES.some((type) => type.id === agent.product_type_id)) setTypeId(String(agent.product_type_id));
          }}
          data={[{ value: '', label: '—' }, ...rows.map((line, index) => ({ value: String(index), label: `${index + 1}. ${line.name ?? ''}` }))]}
          styles={{ input: { minHeight: 44 } }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onClose}>
            {SAMPLE_TEXTS.cancel}
          </Button>
          <Button mih={44} loading={busy} onClick={() => void create()}>
            {SAMPLE_TEXTS.newSampleCreate}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
