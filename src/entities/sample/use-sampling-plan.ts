/**
 * The 'Amostra' action of a quotation: whether a plan can be made now (on
 * this device), whether the quotation has samples to see, and `create()`,
 * which writes the plan's samples on the device (offline too) and queues
 * them for sync. A second `create()` while one runs, or once samples exist
 * here, does nothing.
 */
import { useRef, useState } from 'react';
import { SAMPLE_MESSAGES } from '@sync/contract/samples';
import { type LocalQuotation, SyncError } from '@sync/react';
import { useLocalPage } from '@sync/react/use-local-page';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { canCreatePlan, planSaves } from './plan';

export interface SamplingPlanState {
  loading: boolean;
  /** 'Amostra' is enabled. */
  canCreate: boolean;
  /** 'Ver amostras' is shown: approved and no plan can be made (it exists here or on the server). */
  hasPlan: boolean;
  creating: boolean;
  /** Makes the plan; resolves to the number of samples made. */
  create(): Promise<number>;
}

export function useSamplingPlan(quotation: LocalQuotation): SamplingPlanState {
  const { saveRecords } = useSyncActions();
  const local = useLocalPage('samples', { page: 1, pageSize: 1, where: { field: 'quotation_key', equals: quotation.key } });
  const [creating, setCreating] = useState(false);
  const running = useRef(false);
  const count = local.loading ? 0 : local.total;
  const canCreate = !local.loading && canCreatePlan(quotation, count);

  async function create(): Promise<number> {
    if (running.current || !canCreate) return 0;
    const saves = planSaves(quotation);
    if (saves.length === 0) throw SyncError.of('validation', SAMPLE_MESSAGES.planEmpty);
    running.current = true;
    setCreating(true);
    try {
      return (await saveRecords(saves)).length;
    } finally {
      running.current = false;
      setCreating(false);
    }
  }

  return {
    loading: local.loading,
    canCreate,
    hasPlan: quotation.status === 'approved' && !local.loading && !canCreate,
    creating,
    create,
  };
}
