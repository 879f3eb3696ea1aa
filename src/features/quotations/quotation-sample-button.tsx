/**
 * The quotation page's samples action (spec samples.md sections 2 and 4):
 * 'Amostra' makes the sampling plan of an approved quotation, on the
 * device and offline too ('Plano de amostragem criado com sucesso'), enabled
 * only while the quotation allows it; once it has a plan, 'Ver amostras'
 * opens the quotation's samples instead.
 *
 * Both need the samples module (the server refuses every sample call
 * without it): a user with quotations but not samples sees neither, so no
 * plan is made on the device that the server would refuse with 403. A
 * customer-type user with the module reads samples and never makes them:
 * 'Ver amostras' only.
 */
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SAMPLE_MESSAGES } from '@sync/contract/samples';
import { routeParamOf } from '@sync/react/use-route-record';
import type { LocalQuotation } from '@sync/react';
import { SAMPLE_ROUTES, useSamplingPlan } from '@/entities/sample';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';

export const SAMPLE_BUTTON_TEXTS = { create: 'Amostra', view: 'Ver amostras' } as const;

/** What the signed-in user may do with samples: nothing (no samples module), read them (customer-type), or make them. */
export type SampleAccess = 'none' | 'read' | 'write';

export function QuotationSampleButton({ quotation, access }: { quotation: LocalQuotation; access: SampleAccess }) {
  return access === 'none' ? null : <SampleButton quotation={quotation} canWrite={access === 'write'} />;
}

function SampleButton({ quotation, canWrite }: { quotation: LocalQuotation; canWrite: boolean }) {
  const plan = useSamplingPlan(quotation);
  if (!plan.hasPlan && !canWrite) return null;
  if (plan.hasPlan) {
    return (
      <Button variant="default" mih={44} renderRoot={(props) => <Link {...props} {...SAMPLE_ROUTES.ofQuotation(routeParamOf(quotation))} />}>
        {SAMPLE_BUTTON_TEXTS.view}
      </Button>
    );
  }
  const create = async () => {
    try {
      if ((await plan.create()) > 0) alertSuccess(SAMPLE_MESSAGES.planCreated);
    } catch (error) {
      alertDanger(errorMessage(error));
    }
  };
  return (
    <Button variant="default" mih={44} disabled={!plan.canCreate} loading={plan.creating} onClick={() => void create()}>
      {SAMPLE_BUTTON_TEXTS.create}
    </Button>
  );
}
