/** The connectivity state as React state (see connectivity-store.ts). */
import { useSyncExternalStore } from 'react';
import { useRuntime } from '../runtime-context';
import type { ConnectivityState } from './connectivity-store';

export function useConnectivity(): ConnectivityState {
  const { connectivity } = useRuntime();
  return useSyncExternalStore(connectivity.subscribe, connectivity.getState, connectivity.getState);
}
