/**
 * 'Amostras' (/admin/amostra/lista/{page}; spec samples.md section 2): the
 * samples on the device grouped by quotation, searched by company name or
 * quotation id, paged by 10, with the columns Orçamento, Empresa, Qtd.
 * Amostragens, Criado em and Opções ('Ver orçamento' only for users with
 * the quotations module, 'Ver amostragens'), and the empty text 'Ainda não
 * tem nenhum orçamento aprovado com amostragens.'. Offline like every list.
 * The quotation is named by its number (src/domain/quotation-number.ts, '5/2026'),
 * which opens its samples too.
 */
import { Anchor, Button, Group } from '@mantine/core';
import { Link, linkOptions, useNavigate } from '@tanstack/react-router';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalQuotation } from '@sync/react';
import { SAMPLE_ROUTES } from '@/entities/sample';
import { LIST_TEXTS, ListPage, listSearchOf, type ListColumn } from '@/ui/list-page';
import { useListSearch } from '@/ui/paginator';
import { QUOTATION_NUMBER_PENDING } from '@/domain/quotation-number';
import { groupSamples, LIST_LINK_STYLE, matchesGroup, pageOf, type SampleGroup } from './sample-list-logic';
import { SAMPLE_TEXTS } from './sample-texts';
import { useLiveSamples } from './use-live-samples';

export interface SampleGroupsPageProps {
  page: number;
  search?: string;
  /** The user has the quotations module: 'Ver orçamento' shows. */
  canSeeQuotations: boolean;
}

const quotationRoute = (quotationId: string) => linkOptions({ to: '/admin/orcamentos/$quotationId', params: { quotationId } });
const NO_QUOTATIONS: LocalQuotation[] = [];

export function SampleGroupsPage({ page, search = '', canSeeQuotations }: SampleGroupsPageProps) {
  const navigate = useNavigate();
  const listSearch = useListSearch({
    initial: search,
    onApplied: (applied) => void navigate({ to: '/admin/amostra/lista/$page', params: { page: '1' }, search: listSearchOf(applied) }),
  });
  const samples = useLiveSamples();
  const quotations = useLocalList('quotations');
  const state =
    samples.loading || quotations.loading
      ? { loading: true as const, previous: undefined }
      : pageOf(
          groupSamples(samples.rows, quotations.rows ?? NO_QUOTATIONS).filter((group) => matchesGroup(group, listSearch.applied)),
          page,
        );

  const columns: ListColumn<SampleGroup>[] = [
    {
      id: 'quotation',
      header: SAMPLE_TEXTS.columns.quotation,
      width: 120,
      // The number opens the quotation's samples, as 'Ver amostragens' does: a 44 px target on a tablet.
      render: (group) => (
        <Anchor size="sm" style={LIST_LINK_STYLE} renderRoot={(props) => <Link {...props} {...SAMPLE_ROUTES.ofQuotation(group.quotationParam)} />}>
          {group.quotationLabel || QUOTATION_NUMBER_PENDING}
        </Anchor>
      ),
    },
    { id: 'company', header: SAMPLE_TEXTS.columns.company, render: (group) => group.company },
    { id: 'count', header: SAMPLE_TEXTS.columns.count, width: 150, render: (group) => group.count },
    { id: 'created', header: SAMPLE_TEXTS.columns.createdAt, width: 110, render: (group) => group.createdAt },
    {
      id: 'options',
      header: LIST_TEXTS.options,
      width: 280,
      actions: true,
      render: (group) => (
        <Group gap="xs" wrap="nowrap">
          {canSeeQuotations ? (
            <Button size="sm" mih={44} variant="default" renderRoot={(props) => <Link {...props} {...quotationRoute(group.quotationParam)} />}>
              {SAMPLE_TEXTS.viewQuotation}
            </Button>
          ) : null}
          <Button size="sm" mih={44} renderRoot={(props) => <Link {...props} {...SAMPLE_ROUTES.ofQuotation(group.quotationParam)} />}>
            {SAMPLE_TEXTS.viewSamples}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      title={SAMPLE_TEXTS.groupsTitle}
      search={listSearch}
      searchPlaceholder={SAMPLE_TEXTS.groupsSearch}
      state={state}
      page={page}
      onPageChange={(target) => void navigate({ ...SAMPLE_ROUTES.groups(String(target)), search: listSearchOf(listSearch.applied) })}
      onOutOfRange={(last) => void navigate({ ...SAMPLE_ROUTES.groups(String(last)), search: listSearchOf(listSearch.applied), replace: true })}
      columns={columns}
      rowKey={(group) => group.quotationParam}
      emptyText={SAMPLE_TEXTS.groupsEmpty}
      noResultsText={SAMPLE_TEXTS.noResults}
    />
  );
}
