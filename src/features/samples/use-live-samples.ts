/** Every sample on the device, without those deleted here and not yet sent (tombstones), for the in-memory lists. */
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalSample } from '@sync/react';

export function useLiveSamples(): { loading: true } | { loading: false; rows: LocalSample[] } {
  const samples = useLocalList('samples');
  if (samples.loading) return { loading: true };
  return { loading: false, rows: samples.rows.filter((sample) => !(sample as { _deleted?: unknown })._deleted) };
}
