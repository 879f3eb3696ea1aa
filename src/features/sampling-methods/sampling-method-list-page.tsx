/**
 * 'Métodos de amostragem' (/admin/metodos/lista/{page}): the local methods,
 * searched (institution, code, description, sampler, laboratory; 800 ms
 * after the last keystroke) and paged, each with its name and what it
 * samples, sampler, flow and volume ranges, holding time and agents; 'Novo
 * método', Editar and Deletar (with confirmation) per row. Below the width
 * the table needs (a portrait tablet) each method is a card.
 */
import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { samplingMethodLabel } from '@sync/contract/sampling-methods';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalSamplingMethod } from '@sync/react';
import { formatDecimal } from '@/domain/decimal';
import { ListPage, NewRecordButton, recordIdColumn, recordOptionsColumn, useRecordList, type ListColumn } from '@/ui/list-page';
import { SAMPLING_METHOD_ROUTES } from './sampling-method-routes';
import { SAMPLING_METHOD_TEXTS } from './sampling-method-texts';

export interface SamplingMethodListPageProps {
  page: number;
  search?: string;
}

const figure = (value: number) => formatDecimal(value, 4, { trimZeros: true, grouping: true });

/** '0,01–0,2', '≥ 1', '≤ 4', or '' when the method gives no bound. */
function rangeText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${figure(min)}–${figure(max)}`;
  if (min !== null) return `≥ ${figure(min)}`;
  if (max !== null) return `≤ ${figure(max)}`;
  return '';
}

export function SamplingMethodListPage({ page, search = '' }: SamplingMethodListPageProps) {
  const texts = SAMPLING_METHOD_TEXTS;
  const { listProps, problems, remove } = useRecordList({
    resource: 'sampling_methods',
    page,
    search,
    routes: SAMPLING_METHOD_ROUTES,
    deletedMessage: texts.deleted,
  });
  const products = useLocalList('products');
  const agentNames = useMemo(
    () => new Map((products.loading ? [] : products.rows).flatMap((agent) => (agent.id === null ? [] : [[agent.id, agent.name] as const]))),
    [products],
  );

  const columns: ListColumn<LocalSamplingMethod>[] = [
    recordIdColumn(texts.columns.id, problems),
    {
      id: 'method',
      header: texts.columns.method,
      minWidth: 180,
      render: (item) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {samplingMethodLabel(item)}
          </Text>
          {item.description ? (
            <Text size="xs" c="dimmed">
              {item.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { id: 'sampler', header: texts.columns.sampler, minWidth: 160, render: (item) => item.sampler ?? '' },
    { id: 'flow', header: texts.columns.flow, minWidth: 110, nowrap: true, render: (item) => rangeText(item.flow_min, item.flow_max) },
    { id: 'volume', header: texts.columns.volume, minWidth: 100, nowrap: true, render: (item) => rangeText(item.volume_min, item.volume_max) },
    {
      id: 'holding',
      header: texts.columns.holding,
      minWidth: 90,
      nowrap: true,
      render: (item) => (item.holding_days === null ? texts.noHolding : texts.days(item.holding_days)),
    },
    {
      id: 'agents',
      header: texts.columns.agents,
      minWidth: 160,
      render: (item) => (item.agent_ids ?? []).map((id) => agentNames.get(id) ?? texts.unknownAgent(id)).join(', '),
    },
    recordOptionsColumn({ texts, routes: SAMPLING_METHOD_ROUTES, onDelete: remove.request }),
  ];

  return (
    <ListPage
      title={texts.listTitle}
      actions={<NewRecordButton routes={SAMPLING_METHOD_ROUTES} label={texts.newButton} />}
      {...listProps}
      columns={columns}
      emptyText={texts.empty}
    >
      {remove.modal({ title: texts.confirmDeleteTitle, message: texts.confirmDelete })}
    </ListPage>
  );
}
