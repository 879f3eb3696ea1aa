/**
 * Whether a list shows as a table or as one card per row. A list never clips
 * a column: when the room the list has is narrower than what its columns
 * need side by side, each row becomes a card (every column as a labelled
 * field, the row's actions at the bottom). Decided on the list's own width,
 * not the window's, so the side menu and paddings count (see
 * docs/decisions/tablet-shell.md for the widths).
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export type ListLayout = 'table' | 'cards';

/** Room a column needs when it declares none: a phone number, a short name or a date. */
export const DEFAULT_COLUMN_MIN_WIDTH = 130;

export interface SizedColumn {
  width?: number | string;
  minWidth?: number;
}

/** What the columns need side by side, in px. */
export function tableMinWidth(columns: readonly SizedColumn[]): number {
  return columns.reduce((sum, column) => sum + (column.minWidth ?? (typeof column.width === 'number' ? column.width : DEFAULT_COLUMN_MIN_WIDTH)), 0);
}

/** Cards when the list is narrower than its table; a width of 0 (not measured yet, or no layout engine) keeps the table. */
export function listLayoutFor(availableWidth: number, neededWidth: number): ListLayout {
  return availableWidth > 0 && availableWidth < neededWidth ? 'cards' : 'table';
}

/** The width of an element, read before the first paint and followed on resize. */
export function useElementWidth<E extends HTMLElement>(): { ref: RefObject<E | null>; width: number } {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
