/**
 * The page's sections, in the order the user should look at them:
 * conflicts (a choice is needed), refused changes (a fix is needed), then
 * what is simply waiting to be sent (including what is being sent now).
 */
import type { PendingChange } from '@sync/react';

export interface ChangeSections {
  conflicts: PendingChange[];
  failed: PendingChange[];
  pending: PendingChange[];
}

export function groupChanges(changes: readonly PendingChange[]): ChangeSections {
  const sections: ChangeSections = { conflicts: [], failed: [], pending: [] };
  for (const change of changes) {
    if (change.status === 'conflict') sections.conflicts.push(change);
    else if (change.status === 'failed') sections.failed.push(change);
    else sections.pending.push(change);
  }
  return sections;
}
