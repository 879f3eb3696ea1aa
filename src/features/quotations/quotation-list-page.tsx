/**
 * 'Orçamentos' (/admin/orcamentos/lista/{page}): the local quotations,
 * searched (number, customer name) and filtered by status ('Filtro por
 * status'), paged, with the spec's columns Número, Cliente (link to the
 * customer), Criado em, Enviado (tooltip with the e-mail and WhatsApp sent
 * dates), Status (dropdown) and Opções, and the empty text 'Ainda não tem
 * nenhum orçamento.'.
 *
 * A quotation made on this device shows 'Novo, aguardando sincronização'
 * instead of a number until the server gives it one: a number made up here
 * could change. A status change made offline shows at once with a
 * 'Pendente' badge until it is sent.
 */
import { useState } from 'react';
import { Anchor, Group, NativeSelect, Text, Tooltip } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { QUOTATION_STATUSES, type QuotationStatus } from '@sync/contract/quotations';
import { usePendingCommands } from '@sync/react/use-pending-commands';
import { routeParamOf } from '@sync/react/use-route-record';
import type { LocalQuotation } from '@sync/react';
import { formatInstantBR } from '@/ui/format';
import { ListPage, listSearchOf, NewRecordButton, ProblemBadge, recordOptionsColumn, useRecordList, type ListColumn } from '@/ui/list-page';
import { quotationCreatedAt, quotationNumber } from './quotation-number';
import { QuotationStatusMenu } from './quotation-status-menu';
import { customerRoute, QUOTATION_ROUTES } from './quotation-routes';
import { QUOTATION_TEXTS } from './quotation-texts';

export interface QuotationListPageProps {
  page: number;
  search?: string;
}

/** A send date; a send still in the outbox (queued offline) says so instead of '—'. */
const sentDate = (value: string | null | undefined, queued: boolean) =>
  value ? formatInstantBR(value) : queued ? QUOTATION_TEXTS.sendQueued : QUOTATION_TEXTS.notSent;

/** Enviado: Sim when marked as sent or sent by e-mail or WhatsApp; the tooltip gives the two send dates. */
function SentCell({ quotation, pending }: { quotation: LocalQuotation; pending: readonly string[] }) {
  const sent = Boolean(quotation.sent_at || quotation.sent_mail_at || quotation.sent_whatsapp_at);
  const mail = sentDate(quotation.sent_mail_at, pending.includes('sendEmail'));
  const whatsapp = sentDate(quotation.sent_whatsapp_at, pending.includes('sendWhatsapp'));
  return (
    <Tooltip label={QUOTATION_TEXTS.sentTooltip(mail, whatsapp)} withinPortal>
      <Text span size="sm" tabIndex={0}>
        {sent ? QUOTATION_TEXTS.yes : QUOTATION_TEXTS.no}
      </Text>
    </Tooltip>
  );
}

export function QuotationListPage({ page, search = '' }: QuotationListPageProps) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<QuotationStatus | ''>('');
  const { listProps, problems, remove } = useRecordList({
    resource: 'quotations',
    page,
    search,
    routes: QUOTATION_ROUTES,
    deletedMessage: QUOTATION_TEXTS.deleted,
    where: status ? { field: 'status', equals: status } : undefined,
  });
  const pendingCommands = usePendingCommands('quotations');

  const columns: ListColumn<LocalQuotation>[] = [
    {
      id: 'number',
      header: QUOTATION_TEXTS.columns.number,
      width: 150,
      render: (quotation) => {
        const problem = problems.get(quotation.key);
        return (
          <Group gap={4} wrap="nowrap">
            <Anchor
              size="sm"
              c={quotation.reference_no ? undefined : 'dimmed'}
              renderRoot={(props) => <Link {...props} {...QUOTATION_ROUTES.record(routeParamOf(quotation))} />}
            >
              {quotationNumber(quotation)}
            </Anchor>
            {problem ? <ProblemBadge problem={problem} /> : null}
          </Group>
        );
      },
    },
    {
      id: 'customer',
      header: QUOTATION_TEXTS.columns.customer,
      render: (quotation) =>
        quotation.customer_key || quotation.customer_id ? (
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link {...props} {...customerRoute(routeParamOf({ key: quotation.customer_key ?? '', id: quotation.customer_id ?? null }))} />
            )}
          >
            {quotation.customer_name}
          </Anchor>
        ) : (
          quotation.customer_name
        ),
    },
    { id: 'created', header: QUOTATION_TEXTS.columns.createdAt, width: 110, render: quotationCreatedAt },
    {
      id: 'sent',
      header: QUOTATION_TEXTS.columns.sent,
      width: 90,
      render: (quotation) => <SentCell quotation={quotation} pending={pendingCommands.get(quotation.key) ?? []} />,
    },
    {
      id: 'status',
      header: QUOTATION_TEXTS.columns.status,
      width: 200,
      render: (quotation) => <QuotationStatusMenu quotation={quotation} pending={pendingCommands.get(quotation.key)?.includes('status') ?? false} />,
    },
    recordOptionsColumn({ texts: QUOTATION_TEXTS, routes: QUOTATION_ROUTES, onDelete: remove.request }),
  ];

  const filter = (
    <NativeSelect
      aria-label={QUOTATION_TEXTS.statusFilter}
      value={status}
      onChange={(event) => {
        setStatus(event.currentTarget.value as QuotationStatus | '');
        void navigate(QUOTATION_ROUTES.list('1', listSearchOf(listProps.search.applied)));
      }}
      data={[
        { value: '', label: QUOTATION_TEXTS.statusFilter },
        ...QUOTATION_STATUSES.map((value) => ({ value, label: QUOTATION_TEXTS.statusLabels[value] })),
      ]}
      styles={{ input: { minHeight: 44 } }}
      w={{ base: '100%', sm: 200 }}
    />
  );

  return (
    <ListPage
      title={QUOTATION_TEXTS.listTitle}
      actions={<NewRecordButton routes={QUOTATION_ROUTES} label={QUOTATION_TEXTS.newButton} />}
      {...listProps}
      filters={filter}
      filtered={status !== ''}
      columns={columns}
      emptyText={QUOTATION_TEXTS.empty}
      noResultsText={QUOTATION_TEXTS.noResults}
    >
      {remove.modal({ title: QUOTATION_TEXTS.confirmDeleteTitle, message: QUOTATION_TEXTS.confirmDelete })}
    </ListPage>
  );
}
