/**
 * The sample as it is being typed, kept on the device at every change
 * (FIELD-UX items 1 and 2): the five blocks and the open tab are written to
 * the drafts table 300 ms after the last change, at once on a tab change,
 * when the page is hidden or left, and when `flush()` is awaited (before
 * the camera opens). Reopening the sample brings the draft back, with a
 * notice and a way to discard it. Salvar (`save`) turns the draft into a
 * save of the sample (queued for sync) and removes it; a refused save keeps
 * it. Nothing typed is lost before that. `derive` (sample-derive.ts) brings
 * the computed fields up to date on every change and again on Salvar, so
 * the saved figures match the inputs and the current thresholds whichever
 * tab was shown.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SAMPLE_BLOCKS, type SampleBlock, type SampleBlockName } from '@sync/contract/samples';
import { useSyncDatabase } from '@sync/react/context';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { draftKey, readDraft, removeDraft, writeDraft } from '@sync/store/drafts';
import type { LocalSample } from '@sync/store/registry';

export type SampleBlocks = Record<SampleBlockName, SampleBlock>;

export const DRAFT_DELAY_MS = 300;

export function blocksOf(sample: LocalSample): SampleBlocks {
  return Object.fromEntries(SAMPLE_BLOCKS.map((block) => [block, sample[block] ?? {}])) as SampleBlocks;
}

export interface SampleDraft {
  /** False until the device's draft (if any) was read: the tabs wait, so a restored draft is never overwritten. */
  ready: boolean;
  blocks: SampleBlocks;
  tab: SampleBlockName;
  /** Something typed here is not saved yet. */
  dirty: boolean;
  /** The page opened with a draft from before (a reload, a crash, the camera). */
  restored: boolean;
  change(block: SampleBlockName, next: SampleBlock): void;
  setTab(tab: SampleBlockName): void;
  /** Writes the draft and the open tab now (before the camera opens). */
  flush(): Promise<void>;
  discard(): Promise<void>;
  /** Saves the sample with the draft's blocks (queued for sync) and removes the draft; throws the save's SyncError. */
  save(): Promise<void>;
}

const asTyped = (blocks: SampleBlocks) => blocks;

export function useSampleDraft(sample: LocalSample, derive: (blocks: SampleBlocks) => SampleBlocks = asTyped): SampleDraft {
  const db = useSyncDatabase();
  const { saveRecord } = useSyncActions();
  const id = draftKey('samples', sample.key);
  const [ready, setReady] = useState(false);
  const [draft, setDraft] = useState<SampleBlocks | null>(null);
  const [tab, setTabState] = useState<SampleBlockName>('caracterization');
  const [restored, setRestored] = useState(false);
  // The latest state for writes that run after the render (timer, page hide).
  const latest = useRef<{ draft: SampleBlocks | null; tab: SampleBlockName }>({ draft: null, tab: 'caracterization' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Read once per sample (below): later changes of the record (a pull) must not replace what is typed.
  const opened = useRef(sample);
  // The latest derivation (its thresholds may arrive or change after the page opened).
  const deriveRef = useRef(derive);
  deriveRef.current = derive;

  useEffect(() => {
    let live = true;
    void readDraft(db, id).then((row) => {
      if (!live) return;
      if (row) {
        const typed = Object.keys(row.fields).length > 0;
        const blocks = { ...blocksOf(opened.current), ...(row.fields as Partial<SampleBlocks>) };
        const openTab = (SAMPLE_BLOCKS as readonly string[]).includes(row.tab ?? '') ? (row.tab as SampleBlockName) : 'caracterization';
        latest.current = { draft: typed ? blocks : null, tab: openTab };
        if (typed) setDraft(blocks);
        setTabState(openTab);
        setRestored(typed);
      }
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [db, id]);

  /** Writes the draft; `withTab` writes the open tab even when nothing was typed (the camera is about to open). */
  const flush = useCallback(
    async (withTab = false) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const { draft: current, tab: openTab } = latest.current;
      if (current || withTab) await writeDraft(db, { key: id, fields: current ?? {}, tab: openTab, updated_at: new Date().toISOString() });
    },
    [db, id],
  );

  useEffect(() => {
    // Best effort when the page goes away: the store may already be closed (sign-out); what the timer wrote stays.
    const quietly = () => void flush().catch(() => undefined);
    const onHide = () => {
      if (document.visibilityState === 'hidden') quietly();
    };
    const onPageHide = quietly;
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      quietly();
    };
  }, [flush]);

  // The sample's own blocks, the same object while the record is (no new object per render for memoised children).
  const saved = useMemo(() => blocksOf(sample), [sample]);
  const blocks = draft ?? saved;
  // What is on screen now, for the stable callbacks below: after Salvar the typed blocks stay shown until the record catches up.
  const shown = useRef(blocks);
  shown.current = blocks;

  // Stable callbacks (the page's memoised header, card and tab bar keep their props across keystrokes).
  const change = useCallback(
    (block: SampleBlockName, next: SampleBlock) => {
      const updated = deriveRef.current({ ...(latest.current.draft ?? shown.current), [block]: next });
      latest.current = { ...latest.current, draft: updated };
      setDraft(updated);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_DELAY_MS);
    },
    [flush],
  );

  const setTab = useCallback(
    (next: SampleBlockName) => {
      latest.current = { ...latest.current, tab: next };
      setTabState(next);
      void flush();
    },
    [flush],
  );

  const discard = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    latest.current = { ...latest.current, draft: null };
    setDraft(null);
    setRestored(false);
    await removeDraft(db, id);
  }, [db, id]);

  const key = sample.key;
  const save = useCallback(async () => {
    const typed = latest.current.draft ?? shown.current;
    // Again here: the thresholds may have changed since the last keystroke, or nothing was typed since the page opened.
    const current = deriveRef.current(typed);
    await saveRecord('samples', key, current);
    if (timer.current) clearTimeout(timer.current);
    // The saved blocks stay on screen (the record now holds the same): no flash of the old values;
    // nothing is left to write until the next change.
    const hadDraft = latest.current.draft !== null;
    latest.current = { ...latest.current, draft: null };
    if (current !== typed && hadDraft) setDraft(current);
    setRestored(false);
    await removeDraft(db, id);
  }, [db, id, key, saveRecord]);

  const flushWithTab = useCallback(() => flush(true), [flush]);
  // Compared as text once per change of the draft or the record, not on every render.
  const dirty = useMemo(() => draft !== null && JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  return { ready, blocks, tab, dirty, restored, change, setTab, flush: flushWithTab, discard, save };
}
