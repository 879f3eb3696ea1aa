/**
 * The sample page (/admin/amostra/{sampleId}; spec samples.md section 2):
 * 'Amostras/Editar' with Salvar, the sample's send state, the 'Dados
 * cadastrais' card and the five tabs. What is typed is kept on the device
 * at once (use-sample-draft.ts); Salvar queues the sample for sync
 * ('Amostragem salva com sucesso'). Customer-type users read it only.
 *
 * A keystroke changes the draft's blocks only: the header, the 'Dados
 * cadastrais' card, the tab bar and the photos are memoised with stable
 * props, so only the shown tab (and its figures) renders again.
 */
import { memo, useCallback, useRef, useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { PageLoading, RecordRoute } from '@/ui/edit-page';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';
import type { LocalSample } from '@sync/store/registry';
import { sampleTypeById } from '@sync/contract/samples';
import { useDeriveBlocks } from './sample-derive';
import { SampleDetailsCard } from './sample-details-card';
import { SAMPLE_RECORD_ROUTES } from './sample-routes';
import { SamplePageHeader } from './sample-page-header';
import { SampleSyncProblem } from './sample-sync-badge';
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
  const busy = useRef(false);
  const saveDraft = draft.save;

  // Stable: the memoised header keeps its props while the technician types.
  const save = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      await saveDraft();
      alertSuccess(SAMPLE_TEXTS.saved);
    } catch (error) {
      alertDanger(errorMessage(error));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }, [saveDraft]);
  const onSave = useCallback(() => void save(), [save]);
  // Imprimir reads the blocks at the click: a stable getter keeps the memoised header from rendering per keystroke.
  const blocksNow = useRef(draft.blocks);
  blocksNow.current = draft.blocks;
  const currentBlocks = useCallback(() => blocksNow.current, []);

  if (!draft.ready) return <PageLoading />;
  return (
    <Stack gap="md">
      <SamplePageHeader
        sampleKey={sample.key}
        sample={sample}
        currentBlocks={currentBlocks}
        dirty={draft.dirty}
        saving={saving}
        readOnly={readOnly}
        onSave={onSave}
      />
      <SampleSyncProblem sampleKey={sample.key} />
      <DraftRestoredNotice show={draft.restored && draft.dirty} onDiscard={draft.discard} />
      <SampleDetailsCard sample={sample} />
      <SampleTabsView
        sample={sample}
        blocks={draft.blocks}
        tab={draft.tab}
        readOnly={readOnly}
        onChange={draft.change}
        onTab={draft.setTab}
        beforeCamera={draft.flush}
      />
    </Stack>
  );
}

const DraftRestoredNotice = memo(function DraftRestoredNotice({ show, onDiscard }: { show: boolean; onDiscard(): Promise<void> }) {
  if (!show) return null;
  return (
    <Alert color="yellow" variant="light" title={SAMPLE_TEXTS.draftRestored}>
      <Button variant="default" mih={44} onClick={() => void onDiscard()}>
        {SAMPLE_TEXTS.discardDraft}
      </Button>
    </Alert>
  );
});
