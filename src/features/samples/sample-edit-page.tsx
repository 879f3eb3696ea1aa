/**
 * The sample page (/admin/amostra/{sampleId}; spec samples.md section 2):
 * 'Amostras/Editar' with Salvar, the sample's send state, the 'Dados
 * cadastrais' card and the five tabs. What is typed is kept on the device
 * at once (use-sample-draft.ts); Salvar queues the sample for sync
 * ('Amostragem salva com sucesso'). Customer-type users read it only.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { PageLoading, RecordRoute } from '@/ui/edit-page';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';
import type { LocalSample } from '@sync/store/registry';
import { sampleTypeById } from '@sync/contract/samples';
import { useDeriveBlocks } from './sample-derive';
import { SampleDetailsCard } from './sample-details-card';
import { SAMPLE_RECORD_ROUTES } from './sample-routes';
import { SampleSyncBadge, SampleSyncProblem } from './sample-sync-badge';
import { SampleTabsView } from './sample-tabs-view';
import { SAMPLE_TEXTS } from './sample-texts';
import { useSampleDraft } from './use-sample-draft';

export interface SampleEditPageProps {
  /** Server id or local key. */
  sampleId: string;
  /** Customer-type users: read only, no Salvar. */
  readOnly?: boolean;
}

export function SampleEditPage({ sampleId, readOnly = false }: SampleEditPageProps) {
  return (
    <RecordRoute
      resource="samples"
      param={sampleId}
      notFoundTitle={SAMPLE_TEXTS.notFoundTitle}
      backToList={SAMPLE_TEXTS.backToGroups}
      routes={SAMPLE_RECORD_ROUTES}
    >
      {(record) => (record ? <SampleForm sample={record} readOnly={readOnly} /> : null)}
    </RecordRoute>
  );
}

function SampleForm({ sample, readOnly }: { sample: LocalSample; readOnly: boolean }) {
  const derive = useDeriveBlocks(sampleTypeById(sample.type_id)?.slug);
  const draft = useSampleDraft(sample, derive);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await draft.save();
      alertSuccess(SAMPLE_TEXTS.saved);
    } catch (error) {
      alertDanger(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  if (!draft.ready) return <PageLoading />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={2}>{SAMPLE_TEXTS.editTitle}</Title>
          <SampleSyncBadge sampleKey={sample.key} dirty={draft.dirty} />
        </Group>
        {readOnly ? null : (
          <Button mih={44} loading={saving} onClick={() => void save()}>
            {SAMPLE_TEXTS.save}
          </Button>
        )}
      </Group>
      <SampleSyncProblem sampleKey={sample.key} />
      {draft.restored && draft.dirty ? (
        <Alert color="yellow" variant="light" title={SAMPLE_TEXTS.draftRestored}>
          <Button variant="default" mih={44} onClick={() => void draft.discard()}>
            {SAMPLE_TEXTS.discardDraft}
          </Button>
        </Alert>
      ) : null}
      <SampleDetailsCard sample={sample} />
      <SampleTabsView sample={sample} draft={draft} readOnly={readOnly} />
    </Stack>
  );
}
