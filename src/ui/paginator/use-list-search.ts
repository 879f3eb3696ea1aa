/**
 * The search box of a paged list (spec section 9): what the user types is
 * applied 800 ms after the last keystroke, and applying a new search goes
 * back to page 1.
 */
import { useEffect, useRef, useState } from 'react';

export const LIST_SEARCH_DEBOUNCE_MS = 800;

export interface ListSearch {
  /** What is in the box now. */
  text: string;
  setText: (text: string) => void;
  /** The search applied to the list (debounced, trimmed). */
  applied: string;
}

export function useListSearch(options: {
  initial?: string;
  /** Called when a new search is applied, to go back to page 1. */
  onApplied?: (search: string) => void;
  delayMs?: number;
}): ListSearch {
  const { initial = '', onApplied, delayMs = LIST_SEARCH_DEBOUNCE_MS } = options;
  const [text, setText] = useState(initial);
  const [applied, setApplied] = useState(initial.trim());
  const onAppliedRef = useRef(onApplied);
  onAppliedRef.current = onApplied;

  useEffect(() => {
    const next = text.trim();
    if (next === applied) return;
    const timer = setTimeout(() => {
      setApplied(next);
      onAppliedRef.current?.(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, applied, delayMs]);

  return { text, setText, applied };
}
