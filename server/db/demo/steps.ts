/**
 * The demo data set, as ordered steps sharing a state of created ids, so a
 * later step (agents, equipment, quotations, samples) can point at records
 * of earlier ones. A later issue appends its step to DEMO_STEPS.
 */
import type { Tx } from '../client';

export type DemoState = {
  customers: Record<string, number>;
  users: Record<string, number>;
  /** Ids of anything else later steps create, by area then key. */
  other: Record<string, Record<string, number>>;
  /** Sign-ins printed at the end. */
  logins: Array<{ username: string; password: string; what: string }>;
};

export type DemoStep = {
  name: string;
  run(tx: Tx, state: DemoState): Promise<void>;
};

export function emptyDemoState(): DemoState {
  return { customers: {}, users: {}, other: {}, logins: [] };
}
