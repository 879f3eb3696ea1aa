/**
 * The sampling methods kept on the device, live and offline: what the office
 * screens and the chemical field memory read to propose a method and check
 * a row against it.
 */
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalSamplingMethod } from '@sync/react';

export interface SamplingMethodsState {
  /** True until the store's first answer (methods is empty meanwhile). */
  loading: boolean;
  methods: readonly LocalSamplingMethod[];
}

const NONE: readonly LocalSamplingMethod[] = [];

export function useSamplingMethods(): SamplingMethodsState {
  const list = useLocalList('sampling_methods');
  return list.loading ? { loading: true, methods: NONE } : { loading: false, methods: list.rows };
}
