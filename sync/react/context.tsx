/**
 * Gives the screens the local store (and, in the engine tab, the engine).
 * The app shell opens the database once, starts the engine, and wraps the
 * routes in <SyncProvider>; every hook of sync/react reads it from here.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { SyncEngine } from '../engine/engine';
import type { SyncDatabase } from '../store/database';

export interface SyncContextValue {
  db: SyncDatabase;
  /** The engine object of this tab (it may be waiting for the lock held by another tab). */
  engine?: SyncEngine;
}

const SyncContext = createContext<SyncContextValue | null>(null);

export function SyncProvider({ db, engine, children }: SyncContextValue & { children: ReactNode }) {
  return <SyncContext.Provider value={{ db, engine }}>{children}</SyncContext.Provider>;
}

export function useSyncContext(): SyncContextValue {
  const value = useContext(SyncContext);
  if (!value) throw new Error('useSyncContext must be used inside <SyncProvider>');
  return value;
}

export function useSyncDatabase(): SyncDatabase {
  return useSyncContext().db;
}
