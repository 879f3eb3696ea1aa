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
 *
 * Two tabs (or a sync) on one sample: the draft keeps its base (the blocks
 * as stored when it started, in the draft row too). When the stored sample
 * changes while there is a draft, the unsaved edits are rebased on it
 * (sync/engine/draft-rebase.ts: the conflict merge, at any depth): what the
 * draft did not change takes the stored value, a field changed on both
 * sides keeps the draft's value, the figures are derived again, and
 * `merged` lists what came in (and what was kept) for the page's notice.
 * Salvar merges once more against the sample as stored at that moment, so
 * it never writes back an older value of a field this draft did not edit.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SAMPLE_BLOCKS, type SampleBlock, type SampleBlockName } from '@sync/contract/samples';
import { draftKey, labelOfPath, type LocalSample, readDraft, rebaseDraft, removeDraft, sameValue, samples, writeDraft } from '@sync/react';
import { useSyncDatabase } from '@sync/react/context';
import { useSyncActions } from '@sync/react/use-sync-actions';

export type SampleBlocks = Record<SampleBlockName, SampleBlock>;

export const DRAFT_DELAY_MS = 300;

/** A draft write due after the store closed (signed out, page torn down) has nowhere to go; any other failure still surfaces. */
function ignoreClosedStore(error: unknown): void {
  if ((error as { name?: unknown } | null)?.name !== 'DatabaseClosedError') throw error;
}

export function blocksOf(sample: LocalSample): SampleBlocks {
  return Object.fromEntries(SAMPLE_BLOCKS.map((block) => [block, sample[block] ?? {}])) as SampleBlocks;
}

/** What a rebase brought into the draft, by label: `incoming` shown now, `kept` changed on both sides (the draft's value stayed). */
export interface DraftMerged {
  incoming: string[];
  kept: string[];
}

interface Rebased {
  blocks: SampleBlocks;
  merged: DraftMerged | null;
}

/** The draft carried over the sample as stored now (`base`: the blocks it was typed over). */
function rebase(sample: LocalSample, base: SampleBlocks, draft: SampleBlocks, stored: SampleBlocks): Rebased {
  const context = { type_id: sample.type_id };
  const result = rebaseDraft(samples, context, SAMPLE_BLOCKS, base, draft, stored);
  const blocks = result.fields as SampleBlocks;
  const label = (path: readonly string[]) => labelOfPath(samples, path, { ...context, ...blocks }, { ...context, ...stored });
  const incoming = [...new Set(result.incoming.map(label))];
  const kept = [...new Set(result.kept.map(label))];
  return { blocks, merged: incoming.length > 0 || kept.length > 0 ? { incoming, kept } : null };
}

/** Two notices in one: the labels of both, each once. */
function together(a: DraftMerged | null, b: DraftMerged | null): DraftMerged | null {
  if (!a || !b) return a ?? b;
  return { incoming: [...new Set([...a.incoming, ...b.incoming])], kept: [...new Set([...a.kept, ...b.kept])] };
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
  /** The sample changed under the draft (another tab, a sync) and was merged into it: what came in; null when nothing did. */
  merged: DraftMerged | null;
  /** Hides the `merged` notice. */
  dismissMerged(): void;
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
  const [merged, setMerged] = useState<DraftMerged | null>(null);
  // The latest state for writes that run after the render (timer, page hide).
  const latest = useRef<{ draft: SampleBlocks | null; tab: SampleBlockName }>({ draft: null, tab: 'caracterization' });
  // The blocks the draft was typed over (as stored then); null while there is no draft.
  const base = useRef<SampleBlocks | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The sample as the store has it now (the draft is read, and rebased, against it).
  const current = useRef(sample);
  current.current = sample;
  // While Salvar runs, a change of the record waits for it (`missed`: absorbed when Salvar ends).
  const saving = useRef(false);
  const missed = useRef(false);
  // The blocks as stored by this page's last Salvar: their echo through the live record is nothing new.
  const ownWrite = useRef<SampleBlocks | null>(null);
  // The latest derivation (its thresholds may arrive or change after the page opened).
  const deriveRef = useRef(derive);
  deriveRef.current = derive;

  useEffect(() => {
    let live = true;
    void readDraft(db, id).then((row) => {
      if (!live) return;
      if (row) {
        const typed = Object.keys(row.fields).length > 0;
        const stored = blocksOf(current.current);
        let blocks = { ...stored, ...(row.fields as Partial<SampleBlocks>) };
        if (typed && row.base) {
          // Saved meanwhile (another tab, a sync): the draft goes over what is stored now.
          const rebased = rebase(current.current, { ...stored, ...(row.base as Partial<SampleBlocks>) }, blocks, stored);
          if (!sameValue(rebased.blocks, blocks)) blocks = deriveRef.current(rebased.blocks);
          setMerged(rebased.merged);
        }
        const openTab = (SAMPLE_BLOCKS as readonly string[]).includes(row.tab ?? '') ? (row.tab as SampleBlockName) : 'caracterization';
        latest.current = { draft: typed ? blocks : null, tab: openTab };
        // From here the draft is over the sample as stored now (rebased above; a draft written before
        // drafts kept their base is taken as typed over it).
        base.current = typed ? stored : null;
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
      const { draft: typed, tab: openTab } = latest.current;
      if (typed || withTab) {
        await writeDraft(db, {
          key: id,
          fields: typed ?? {},
          ...(typed && base.current ? { base: base.current } : {}),
          tab: openTab,
          updated_at: new Date().toISOString(),
        });
      }
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

  /**
   * The stored sample changed (`stored`): with a draft, its unsaved edits go
   * over it; without one, what Salvar left on screen gives way to the record.
   */
  const absorb = useCallback(
    (stored: SampleBlocks) => {
      if (saving.current) {
        missed.current = true;
        return;
      }
      const typed = latest.current.draft;
      if (!typed || !base.current) {
        setDraft(null);
        return;
      }
      if (sameValue(stored, base.current)) return;
      const own = ownWrite.current;
      ownWrite.current = null;
      if (own && sameValue(stored, own)) {
        // This page's own Salvar coming back (typed on meanwhile): what is typed stays, over what was stored.
        base.current = stored;
        return;
      }
      const rebased = rebase(current.current, base.current, typed, stored);
      base.current = stored;
      const next = deriveRef.current(rebased.blocks);
      latest.current = { ...latest.current, draft: next };
      setDraft(next);
      if (rebased.merged) setMerged((before) => together(before, rebased.merged));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush().catch(ignoreClosedStore), DRAFT_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    if (ready) absorb(saved);
  }, [absorb, ready, saved]);

  // Stable callbacks (the page's memoised header, card and tab bar keep their props across keystrokes).
  const change = useCallback(
    (block: SampleBlockName, next: SampleBlock) => {
      // The first change starts the draft: over the blocks on screen.
      if (latest.current.draft === null) base.current = shown.current;
      const updated = deriveRef.current({ ...(latest.current.draft ?? shown.current), [block]: next });
      latest.current = { ...latest.current, draft: updated };
      setDraft(updated);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush().catch(ignoreClosedStore), DRAFT_DELAY_MS);
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
    base.current = null;
    setDraft(null);
    setRestored(false);
    setMerged(null);
    await removeDraft(db, id);
  }, [db, id]);

  const key = sample.key;
  const save = useCallback(async () => {
    saving.current = true;
    missed.current = false;
    try {
      const typed = latest.current.draft ?? shown.current;
      const typedOver = (latest.current.draft ? base.current : null) ?? shown.current;
      // The sample as stored at this moment: what the draft did not change is taken from it, never written back older.
      const row = await db.records('samples').get(key);
      const stored = row ? blocksOf(row as unknown as LocalSample) : typedOver;
      const rebased = sameValue(stored, typedOver) ? { blocks: typed, merged: null } : rebase(current.current, typedOver, typed, stored);
      // Again here: the thresholds may have changed since the last keystroke, or nothing was typed since the page opened.
      const next = deriveRef.current(rebased.blocks);
      await saveRecord('samples', key, next);
      if (timer.current) clearTimeout(timer.current);
      const after = await db.records('samples').get(key);
      ownWrite.current = after ? blocksOf(after as unknown as LocalSample) : null;
      // The saved blocks stay on screen (the record now holds the same): no flash of the old values;
      // nothing is left to write until the next change.
      const hadDraft = latest.current.draft !== null;
      latest.current = { ...latest.current, draft: null };
      base.current = null;
      if (next !== typed && hadDraft) setDraft(next);
      setRestored(false);
      setMerged(null);
      await removeDraft(db, id);
    } finally {
      saving.current = false;
    }
    // The record changed while Salvar ran: taken in now.
    if (missed.current) absorb(blocksOf(current.current));
  }, [absorb, db, id, key, saveRecord]);

  const dismissMerged = useCallback(() => setMerged(null), []);
  const flushWithTab = useCallback(() => flush(true), [flush]);
  // Compared as text once per change of the draft or the record, not on every render.
  const dirty = useMemo(() => draft !== null && JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  return { ready, blocks, tab, dirty, restored, merged, dismissMerged, change, setTab, flush: flushWithTab, discard, save };
}
