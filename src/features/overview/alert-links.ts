/**
 * Where an alert leads: the edit page of its record, by the server id the
 * alert names (the routes resolve it on the device: use-route-record.ts),
 * and the 'Sincronização' page for this device's own sync failure.
 */
import { linkOptions } from '@tanstack/react-router';
import type { Alert } from '@sync/contract/dashboard';

export const syncPageLink = () => linkOptions({ to: '/admin/sincronizacao' });

export function alertLinkOf(alert: Pick<Alert, 'kind' | 'subject_id'>) {
  if (alert.subject_id === null) return null;
  const id = String(alert.subject_id);
  switch (alert.kind) {
    case 'quotation-approved':
      return linkOptions({ to: '/admin/orcamentos/$quotationId', params: { quotationId: id } });
    case 'sample-highest-risk':
      return linkOptions({ to: '/admin/amostra/$sampleId', params: { sampleId: id } });
    case 'calibration-soon':
    case 'calibration-expired':
      return linkOptions({ to: '/admin/equipamentos/$equipmentId', params: { equipmentId: id } });
  }
}

export type AlertLink = ReturnType<typeof alertLinkOf> | ReturnType<typeof syncPageLink>;
