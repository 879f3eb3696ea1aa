/**
 * sharp (libvips), loaded at the first image the server handles rather than
 * at start, and set for a small server. Loading it takes about 28 MB
 * (libvips and its libraries) that a server which has handled no image
 * since it started does not need (issue 26, docs/decisions/server-memory.md).
 * libvips' operation cache (up to 50 MB by default) is off: every
 * operation here reads a different image once (an upload, a thumbnail
 * that is then kept in the store, a photo for a report, which
 * sample-photos.ts keeps itself), so the cache would hold memory that no
 * later operation reuses.
 */
import type sharpFunction from 'sharp';

export type Sharp = typeof sharpFunction;

let loading: Promise<Sharp> | null = null;

export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
