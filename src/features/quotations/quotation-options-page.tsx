/**
 * 'Opções de orçamento' (/admin/opcoes-de-orcamento; issue 24, spec section
 * 7's `PUT api/quotation/payment-type` and `PUT api/quotation/type`): the
 * payment conditions and the exposition types the quotation form offers.
 * Administrators keep them, online; anyone else with the quotations module
 * reads them (the lists the device keeps, offline too).
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useSyncStatus } from '@sync/react/use-sync-status';
import { QuotationOptionList } from './quotation-option-list';

export const OPTIONS_PAGE_TEXTS = {
  title: 'Opções de orçamento',
  intro: 'As formas de pagamento e os tipos de exposição que os orçamentos oferecem. Um item usado em algum orçamento não pode ser removido.',
  readOnly: 'Somente administradores alteram estas listas.',
  offline: 'Sem conexão: as listas continuam visíveis, mas salvar precisa de conexão com a internet.',
} as const;

export function QuotationOptionsPage({ canEdit }: { canEdit: boolean }) {
  const status = useSyncStatus();
  const offline = !status.loading && !status.online;
  return (
    <Stack gap="lg">
      <Title order={2}>{OPTIONS_PAGE_TEXTS.title}</Title>
      <Text c="dimmed">{OPTIONS_PAGE_TEXTS.intro}</Text>
      {!canEdit ? (
        <Alert color="blue" variant="light" role="status">
          {OPTIONS_PAGE_TEXTS.readOnly}
        </Alert>
      ) : offline ? (
        <Alert color="yellow" variant="light" role="status">
          {OPTIONS_PAGE_TEXTS.offline}
        </Alert>
      ) : null}
      <QuotationOptionList list="paymentTypes" canEdit={canEdit} />
      <QuotationOptionList list="expositionTypes" canEdit={canEdit} />
    </Stack>
  );
}
