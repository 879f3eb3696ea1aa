/**
 * The sample page (/admin/amostra/{sampleId}; spec samples.md section 2):
 * 'Amostras/Editar' with the sample's send state, the 'Dados cadastrais'
 * card and the five tabs, each marked complete or with its blank required
 * fields; 'Verificar' lists those and jumps to each (FIELD-UX item 3, never
 * blocking Salvar). Salvar and 'Verificar' are in a bar sticky at the bottom
 * of the screen (sample-action-bar.tsx), the page's last element, so they
 * are in reach at the end of a long tab on a tablet; the header keeps
 * Imprimir and 'Duplicar amostra' and no second Salvar. Read-only users get
 * no bar. 'Duplicar amostra' makes a copy
 * for the next worker and opens it (FIELD-UX item 9). What is typed is kept on the device
 * at once (use-sample-draft.ts); Salvar queues the sample for sync
 * ('Amostragem salva com sucesso'). Customer-type users read it only.
 *
 * Review and approval (issue 28; review/): the state is a badge in the
 * header; 'Finalizar' in the action bar (offline too) makes the sample
 * read-only for its technician at once; how much each tab may be edited
 * follows the state and the user (`editScope`: the laboratory's fields only
 * while waiting for the laboratory, everything for a reviewer in review);
 * a returned sample shows why; 'Revisão' offers the review steps this user
 * may take, and 'Histórico' reads the sample's history online. A
 * customer-type user sees no Resultado, Classificação or report before
 * approval.
 *
 * A keystroke changes the draft's blocks only: the header, the action bar,
 * the 'Dados cadastrais' card, the tab bar and the photos are memoised with
 * stable props, so only the shown tab (and its figures) renders again.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { PageLoading, RecordRoute } from '@/ui/edit-page';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';
import type { LocalSample } from '@sync/react';
import { type ReviewActor, SAMPLE_BLOCKS, type SampleBlockName, sampleTypeById } from '@sync/contract/samples';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { SAMPLE_ROUTES } from '@/entities/sample';
import type { MissingField } from '@/domain/form-paths';
import { useDeriveBlocks } from './sample-derive';
import { NOTHING_TO_CHECK, refusedSave, sampleCheck } from './sample-check';
import { SampleCheckModal } from './sample-check-modal';
import { SampleDetailsCard } from './sample-details-card';
import { useDuplicateSample } from './sample-duplicate';
import { SAMPLE_RECORD_ROUTES } from './sample-routes';
import { SampleActionBar } from './sample-action-bar';
import { SamplePageHeader } from './sample-page-header';
import { SampleSyncProblem } from './sample-sync-badge';
import { SampleTabsView } from './sample-tabs-view';
import { SAMPLE_DRAFT_MERGE_TEXTS, SAMPLE_TEXTS } from './sample-texts';
import { type DraftMerged, useSampleDraft } from './use-sample-draft';
import { fieldElement } from './type-fields/required-mark';
import { ActionConfirmModal } from './review/action-confirm-modal';
import { SampleHistory } from './review/history-section';
import { REVIEW_TEXTS } from './review/review-texts';
import { ReviewSection } from './review/review-section';
import { reviewViewOf, tabAccessOf, type TabAccess } from './review/review-view';
import { SampleStateNotice } from './review/sample-state-notice';
import { useReviewOptions } from './review/use-review-options';

export interface SampleEditPageProps {
  /** Server id or local key. */
  sampleId: string;
  /** Customer-type users: read only, no Salvar. */
  readOnly?: boolean;
  /**
   * The signed-in user as the review rules see them (`reviewActorOf` of
   * src/entities/sample). Absent: a user with the samples module and no
   * council data, or, with `readOnly`, a customer-type reader.
   */
  viewer?: ReviewActor;
}

/** Who the page is for when the route names nobody (see `viewer`). */
function defaultViewer(readOnly: boolean): ReviewActor {
  return { userId: 0, isCustomer: readOnly, canWriteSamples: !readOnly, hasCouncil: false };
}

export function SampleEditPage({ sampleId, readOnly = false, viewer }: SampleEditPageProps) {
  const actor = viewer ?? defaultViewer(readOnly);
  // One object per user, not per render of the route: the memoised parts keep their props.
  const { userId, isCustomer, canWriteSamples, hasCouncil } = actor;
  const stableActor = useMemo(() => ({ userId, isCustomer, canWriteSamples, hasCouncil }), [userId, isCustomer, canWriteSamples, hasCouncil]);
  return (
    <RecordRoute
      resource="samples"
      param={sampleId}
      notFoundTitle={SAMPLE_TEXTS.notFoundTitle}
      backToList={SAMPLE_TEXTS.backToGroups}
      routes={SAMPLE_RECORD_ROUTES}
    >
      {(record) => (record ? <SampleForm key={record.key} sample={record} readOnly={readOnly || isCustomer} actor={stableActor} /> : null)}
    </RecordRoute>
  );
}

/** Keyed by the sample: a duplicate opens another sample in this same route, and its draft state must start afresh. */
function SampleForm({ sample, readOnly, actor }: { sample: LocalSample; readOnly: boolean; actor: ReviewActor }) {
  const slug = sampleTypeById(sample.type_id)?.slug;
  const options = useReviewOptions();
  const { status, finalized_by: finalizedBy } = sample;
  const view = useMemo(() => reviewViewOf({ status, finalized_by: finalizedBy }, actor, options), [status, finalizedBy, actor, options]);
  const access = useMemo(
    () => Object.fromEntries(SAMPLE_BLOCKS.map((block) => [block, tabAccessOf(view, slug, block)])) as Record<SampleBlockName, TabAccess>,
    [view, slug],
  );
  const editable = !readOnly && view.scope !== 'none';
  const derive = useDeriveBlocks(slug);
  const draft = useSampleDraft(sample, derive);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const saveDraft = draft.save;
  const typeId = sample.type_id;

  // Stable: the memoised action bar keeps its props while the technician types.
  const save = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      await saveDraft();
      alertSuccess(SAMPLE_TEXTS.saved);
    } catch (error) {
      // A value the contract refuses: named with its tab, and 'Verificar' lists them all (the draft is kept).
      const refused = refusedSave(error, typeId);
      alertDanger(refused?.message ?? errorMessage(error));
      if (refused?.inBlocks) setChecking(true);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }, [saveDraft, typeId]);
  const onSave = useCallback(() => void save(), [save]);
  // Imprimir reads the blocks at the click: a stable getter keeps the memoised header from rendering per keystroke.
  const blocksNow = useRef(draft.blocks);
  blocksNow.current = draft.blocks;
  const currentBlocks = useCallback(() => blocksNow.current, []);

  const [checking, setChecking] = useState(false);
  const onCheck = useCallback(() => setChecking(true), []);
  const check = useMemo(() => (checking ? sampleCheck(slug, draft.blocks) : NOTHING_TO_CHECK), [checking, slug, draft.blocks]);
  const jump = useFieldJump(draft.setTab);
  const onJump = useCallback(
    (field: MissingField) => {
      setChecking(false);
      jump(field.block as SampleBlockName, `${field.block}.${field.path}`);
    },
    [jump],
  );

  const duplicate = useDuplicateSample();
  const navigate = useNavigate();
  const [duplicating, setDuplicating] = useState(false);
  const onDuplicate = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    setDuplicating(true);
    void duplicate(sample, blocksNow.current)
      .then((key) => {
        alertSuccess(SAMPLE_TEXTS.duplicated);
        void navigate(SAMPLE_ROUTES.sample(key));
      })
      .catch((error: unknown) => alertDanger(errorMessage(error)))
      .finally(() => {
        busy.current = false;
        setDuplicating(false);
      });
  }, [duplicate, navigate, sample]);

  const { runCommand } = useSyncActions();
  const [finalizeAsked, setFinalizeAsked] = useState(false);
  const [finalizing, setFinalizing] = useState(false);
  const dirtyNow = useRef(draft.dirty);
  dirtyNow.current = draft.dirty;
  const onFinalize = useCallback(() => setFinalizeAsked(true), []);
  // Finalizar saves what is typed first (one chain: the save, then the finalize), then queues it; offline too.
  const finalize = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setFinalizing(true);
    try {
      if (dirtyNow.current) await saveDraft();
      await runCommand('samples', sample.key, 'finalize');
      setFinalizeAsked(false);
      alertSuccess(REVIEW_TEXTS.finalized);
    } catch (error) {
      setFinalizeAsked(false);
      const refused = refusedSave(error, typeId);
      alertDanger(refused?.message ?? errorMessage(error));
      if (refused?.inBlocks) setChecking(true);
    } finally {
      busy.current = false;
      setFinalizing(false);
    }
  }, [runCommand, sample.key, saveDraft, typeId]);
  const missingOnFinalize = useMemo(() => (finalizeAsked ? sampleCheck(slug, draft.blocks).missing.length : 0), [finalizeAsked, slug, draft.blocks]);

  if (!draft.ready) return <PageLoading />;
  return (
    <Stack gap="md">
      <SamplePageHeader
        sampleKey={sample.key}
        sample={sample}
        currentBlocks={currentBlocks}
        dirty={draft.dirty}
        readOnly={readOnly}
        state={view.state}
        canPrint={!view.resultsHidden}
        duplicating={duplicating}
        onDuplicate={onDuplicate}
      />
      <SampleStateNotice sample={sample} view={view} writer={!readOnly && actor.canWriteSamples} />
      <SampleCheckModal opened={checking} missing={check.missing} invalid={check.invalid} onClose={() => setChecking(false)} onJump={onJump} />
      <SampleSyncProblem sampleKey={sample.key} />
      <DraftRestoredNotice show={draft.restored && draft.dirty} onDiscard={draft.discard} />
      <DraftMergedNotice merged={draft.merged} onClose={draft.dismissMerged} />
      {readOnly ? null : <ReviewSection sampleKey={sample.key} view={view} />}
      <SampleDetailsCard sample={sample} />
      <SampleTabsView
        sample={sample}
        blocks={draft.blocks}
        tab={draft.tab}
        access={access}
        onChange={draft.change}
        onTab={draft.setTab}
        beforeCamera={draft.flush}
      />
      {view.resultsHidden ? null : <SampleHistory sampleKey={sample.key} sampleId={sample.id} canComment={!readOnly && actor.canWriteSamples} />}
      <ActionConfirmModal
        opened={finalizeAsked}
        title={REVIEW_TEXTS.finalizeTitle}
        message={REVIEW_TEXTS.finalizeMessage}
        extra={missingOnFinalize > 0 ? <Text c="orange">{REVIEW_TEXTS.finalizeMissing(missingOnFinalize)}</Text> : null}
        confirmLabel={REVIEW_TEXTS.finalize}
        loading={finalizing}
        onConfirm={() => void finalize()}
        onCancel={() => setFinalizeAsked(false)}
      />
      {editable ? (
        <SampleActionBar saving={saving || finalizing} onSave={onSave} onCheck={onCheck} onFinalize={view.canFinalize ? onFinalize : undefined} />
      ) : null}
    </Stack>
  );
}

/**
 * Opens a tab and, once its field is on the page, focuses it and scrolls it
 * to the middle of the screen (the tab mounts on the next render; a few
 * frames are allowed for it).
 */
function useFieldJump(setTab: (tab: SampleBlockName) => void): (tab: SampleBlockName, field: string) => void {
  const [target, setTarget] = useState<{ field: string; at: number } | null>(null);
  useEffect(() => {
    if (!target) return;
    let frames = 0;
    let handle = 0;
    const attempt = () => {
      const element = fieldElement(target.field);
      if (element) {
        element.focus({ preventScroll: true });
        element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
        return;
      }
      if (++frames < 20) handle = requestAnimationFrame(attempt);
    };
    handle = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(handle);
  }, [target]);
  return useCallback(
    (tab: SampleBlockName, field: string) => {
      setTab(tab);
      setTarget({ field, at: Date.now() });
    },
    [setTab],
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

/** The sample changed under the draft (another tab, a sync): what came in, and what stayed as typed here. */
const DraftMergedNotice = memo(function DraftMergedNotice({ merged, onClose }: { merged: DraftMerged | null; onClose(): void }) {
  if (!merged) return null;
  const T = SAMPLE_DRAFT_MERGE_TEXTS;
  return (
    <Alert color="blue" variant="light" title={T.title} withCloseButton closeButtonLabel={T.close} onClose={onClose} data-testid="draft-merged">
      {merged.incoming.length > 0 ? <Text size="sm">{T.incoming(merged.incoming.join(', '))}</Text> : null}
      {merged.kept.length > 0 ? <Text size="sm">{T.kept(merged.kept.join(', '))}</Text> : null}
      <Text size="sm">{T.unsavedKept}</Text>
    </Alert>
  );
});
