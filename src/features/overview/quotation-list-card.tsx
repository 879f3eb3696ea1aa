/**
 * One of the dashboard's quotation lists (samples.md section 2): a title, its
 * filter (the period of 'Últimos orçamentos', the status of 'Lista de
 * orçamentos por status'), rows {Número, Cliente, Status, Total} whose
 * number opens the quotation, and 'Ver todos' to the quotation list. The
 * customer's name is cut with an ellipsis in the row (the whole name on
 * hover); Total always shows, on a tablet too.
 */
import type { ReactNode } from 'react';
import { Anchor, Badge, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DASHBOARD_TEXTS } from '@sync/contract/dashboard';
import { QUOTATION_STATUS_LABELS } from '@sync/contract/quotations';
import { routeParamOf, type LocalQuotation } from '@sync/react';
import { formatQuotationNumber } from '@/domain/quotation-number';
import { formatMoney } from '@/ui/format';
import type { DashboardList } from './use-dashboard-figures';

const T = DASHBOARD_TEXTS;

export interface QuotationListCardProps {
  title: string;
  /** The filter control (a Select). */
  filter: ReactNode;
  list: DashboardList;
  testId: string;
}

function Row({ quotation }: { quotation: LocalQuotation }) {
  const number = formatQuotationNumber(quotation);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/admin/orcamentos/$quotationId" params={{ quotationId: routeParamOf(quotation) }} />}
          className="touch-target"
          style={{ display: 'inline-flex', alignItems: 'center' }}
        >
          {number}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate="end" title={quotation.customer_name ?? ''}>
          {quotation.customer_name ?? ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray" size="sm">
          {QUOTATION_STATUS_LABELS[quotation.status]}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>{formatMoney(quotation.total)}</Table.Td>
    </Table.Tr>
  );
}

export function QuotationListCard({ title, filter, list, testId }: QuotationListCardProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId} aria-label={title} role="region">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap" gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {filter}
      </Group>
      {list.loading ? (
        <Loader size="sm" />
      ) : list.rows.length === 0 ? (
        <Text c="dimmed">{T.empty}</Text>
      ) : (
        <Table verticalSpacing={4} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>{T.columns.number}</Table.Th>
              <Table.Th>{T.columns.customer}</Table.Th>
              <Table.Th w={110}>{T.columns.status}</Table.Th>
              <Table.Th w={130} style={{ textAlign: 'right' }}>
                {T.columns.total}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.rows.map((quotation) => (
              <Row key={quotation.key} quotation={quotation} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" mt="sm">
        <Anchor
          renderRoot={(props) => <Link {...props} to="/admin/orcamentos/lista/$page" params={{ page: '1' }} />}
          className="touch-target"
          style={{ display: 'inline-flex', alignItems: 'center' }}
        >
          {T.seeAll}
        </Anchor>
      </Group>
    </Card>
  );
}
