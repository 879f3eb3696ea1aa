/** The sentence of the last export or import, under its buttons (green done, blue nothing to do, red refused). */
import { Alert } from '@mantine/core';
import type { TransferOutcome } from './use-transfer-actions';

const COLORS: Record<TransferOutcome['kind'], string> = { success: 'green', info: 'blue', danger: 'red' };

export function TransferOutcomeMessage({ outcome }: { outcome: TransferOutcome | null }) {
  if (!outcome) return null;
  return (
    <Alert color={COLORS[outcome.kind]} variant="light" data-testid="unsent-transfer-outcome" data-kind={outcome.kind}>
      {outcome.text}
    </Alert>
  );
}
