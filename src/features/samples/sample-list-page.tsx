/**
 * 'Amostras Ativos do Orçamento ID {quotationId}', the quotation named by its
 * number as on every sample screen ('Nº 5/2026'; src/domain/quotation-number.ts)
 * (/admin/amostra/lista/{quotationId}/{page}; spec samples.md section 2):
 * the quotation's samples on the device, a link to the customer, the type
 * filter ('Tipos de amostras'), the review state filter ('Estado': Todos or
 * one state; issue 28), the search ('Agente, funcionário'), columns
 * ID (the sample's number, linking to it), Tipo, Agente, Funcionário,
 * Estado (a coloured badge), Criado em and Opções (edit; 'Duplicar' —
 * FIELD-UX item 9, the saved sample copied for the next worker and opened;
 * delete with confirmation, 'Amostra deletado com sucesso', only for a
 * draft: any other state says to cancel it instead, as the server would), 'Voltar para amostragens' and 'Nova
 * amostra'. Offline. Its links are 44 px touch targets (LIST_LINK_STYLE).
 */
import { useState } from 'react';
import { Anchor, Button, Group, NativeSelect } from '@mantine/core';
import { Link, linkOptions, useNavigate } from '@tanstack/react-router';
import { SAMPLE_REVIEW_MESSAGES, SAMPLE_STATE_LABELS, SAMPLE_STATES, SAMPLE_TYPES, sampleStateOf, type SampleState } from '@sync/contract/samples';
import { useLocalList } from '@sync/react/use-local-record';
import { useOutboxProblems } from '@sync/react/use-outbox-problems';
import { routeParamOf } from '@sync/react/use-route-record';
import { useSyncActions } from '@sync/react/use-sync-actions';
import type { LocalSample } from '@sync/react';
import { SAMPLE_ROUTES } from '@/entities/sample';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';
import { useConfirmDelete } from '@/ui/confirm-delete';
import { LIST_TEXTS, ListPage, listSearchOf, ProblemBadge, type ListColumn } from '@/ui/list-page';
import { useListSearch } from '@/ui/paginator';
import { NewSampleModal } from './new-sample-modal';
import { useDuplicateSample } from './sample-duplicate';
import { quotationNumberOf } from '@/domain/quotation-number';
import { LIST_LINK_STYLE, pageOf, quotationSamples, sampleCreatedAt, sampleTypeName } from './sample-list-logic';
import { SAMPLE_TEXTS } from './sample-texts';
import { useLiveSamples } from './use-live-samples';
import { SampleStateBadge } from './review/sample-state-badge';
import { REVIEW_TEXTS } from './review/review-texts';
import { blocksOf } from './use-sample-draft';

export interface SampleListPageProps {
  /** The quotation's server id, or its local key before it has one. */
  quotationId: string;
  page: number;
  search?: string;
  /** Customer-type users: no edit, delete or new sample. */
  readOnly?: boolean;
}

/** The state filter's first option: every state. */
const LIST_STATE_ALL = 'Todos';

const customerRoute = (customerId: string) => linkOptions({ to: '/admin/clientes/$customerId', params: { customerId } });

export function SampleListPage({ quotationId, page, search = '', readOnly = false }: SampleListPageProps) {
  const navigate = useNavigate();
  const goTo = (target: number, applied: string, replace = false) =>
    void navigate({ ...SAMPLE_ROUTES.ofQuotation(quotationId, String(target)), search: listSearchOf(applied), replace });
  const listSearch = useListSearch({ initial: search, onApplied: (applied) => goTo(1, applied) });
  const [typeId, setTypeId] = useState<number | null>(null);
  const [state, setState] = useState<SampleState | null>(null);
  const [creating, setCreating] = useState(false);
  const samples = useLiveSamples();
  const quotations = useLocalList('quotations');
  const problems = useOutboxProblems('samples');
  const { deleteRecord } = useSyncActions();
  const remove = useConfirmDelete<LocalSample>({
    run: (sample) => deleteRecord('samples', sample.key),
    successMessage: SAMPLE_TEXTS.deleted,
    onDeleted: () => goTo(1, listSearch.applied),
  });

  const duplicate = useDuplicateSample();
  const [duplicating, setDuplicating] = useState<string | null>(null);
  const onDuplicate = (sample: LocalSample) => {
    if (duplicating) return;
    setDuplicating(sample.key);
    duplicate(sample, blocksOf(sample))
      .then((key) => {
        alertSuccess(SAMPLE_TEXTS.duplicated);
        void navigate(SAMPLE_ROUTES.sample(key));
      })
      .catch((error: unknown) => alertDanger(errorMessage(error)))
      .finally(() => setDuplicating(null));
  };

  const byId = /^\d+$/.test(quotationId) ? Number(quotationId) : null;
  const quotation = quotations.loading ? undefined : quotations.rows.find((q) => (byId !== null ? q.id === byId : q.key === quotationId));
  const all = samples.loading ? [] : quotationSamples(samples.rows, quotationId, null, '', quotation?.key);
  const pageState =
    samples.loading || quotations.loading
      ? { loading: true as const, previous: undefined }
      : pageOf(quotationSamples(samples.rows, quotationId, typeId, listSearch.applied, quotation?.key, state), page);
  const company = quotation?.customer_name ?? all[0]?.company_name ?? '';
  const customerId = quotation?.customer_id ?? all[0]?.customer_id ?? null;

  const columns: ListColumn<LocalSample>[] = [
    {
      id: 'id',
      header: SAMPLE_TEXTS.columns.id,
      width: 110,
      render: (sample) => {
        const problem = problems.get(sample.key);
        return (
          <Group gap={4} wrap="nowrap">
            <Anchor size="sm" style={LIST_LINK_STYLE} renderRoot={(props) => <Link {...props} {...SAMPLE_ROUTES.sample(routeParamOf(sample))} />}>
              {sample.sample_no ?? '—'}
            </Anchor>
            {problem ? <ProblemBadge problem={problem} /> : null}
          </Group>
        );
      },
    },
    { id: 'type', header: SAMPLE_TEXTS.columns.type, width: 110, render: (sample) => sampleTypeName(sample.type_id) },
    { id: 'agent', header: SAMPLE_TEXTS.columns.agent, render: (sample) => sample.agent_name ?? '' },
    { id: 'employee', header: SAMPLE_TEXTS.columns.employee, render: (sample) => sample.employee ?? '' },
    { id: 'state', header: REVIEW_TEXTS.state, width: 170, render: (sample) => <SampleStateBadge state={sampleStateOf(sample)} size="md" /> },
    { id: 'created', header: SAMPLE_TEXTS.columns.createdAt, width: 110, render: sampleCreatedAt },
    {
      id: 'options',
      header: LIST_TEXTS.options,
      width: 300,
      actions: true,
      render: (sample) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="sm" mih={44} variant="default" renderRoot={(props) => <Link {...props} {...SAMPLE_ROUTES.sample(routeParamOf(sample))} />}>
            {SAMPLE_TEXTS.edit}
          </Button>
          {readOnly ? null : (
            <>
              <Button size="sm" mih={44} variant="default" loading={duplicating === sample.key} onClick={() => onDuplicate(sample)}>
                {SAMPLE_TEXTS.duplicateShort}
              </Button>
              <Button
                size="sm"
                mih={44}
                color="red"
                variant="light"
                onClick={() => (sampleStateOf(sample) === 'rascunho' ? remove.request(sample) : alertDanger(SAMPLE_REVIEW_MESSAGES.deleteOnlyDraft))}
              >
                {SAMPLE_TEXTS.delete}
              </Button>
            </>
          )}
        </Group>
      ),
    },
  ];

  const filter = (
    <Group gap="sm" wrap="wrap">
      <NativeSelect
        aria-label={SAMPLE_TEXTS.typeFilter}
        value={typeId === null ? '' : String(typeId)}
        onChange={(event) => {
          setTypeId(event.currentTarget.value ? Number(event.currentTarget.value) : null);
          goTo(1, listSearch.applied);
        }}
        data={[{ value: '', label: SAMPLE_TEXTS.typeFilter }, ...SAMPLE_TYPES.map((type) => ({ value: String(type.id), label: type.name }))]}
        styles={{ input: { minHeight: 44 } }}
        w={{ base: '100%', sm: 200 }}
      />
      <NativeSelect
        aria-label={REVIEW_TEXTS.state}
        value={state ?? ''}
        onChange={(event) => {
          setState(event.currentTarget.value ? (event.currentTarget.value as SampleState) : null);
          goTo(1, listSearch.applied);
        }}
        data={[{ value: '', label: LIST_STATE_ALL }, ...SAMPLE_STATES.map((value) => ({ value, label: SAMPLE_STATE_LABELS[value] }))]}
        styles={{ input: { minHeight: 44 } }}
        w={{ base: '100%', sm: 200 }}
      />
    </Group>
  );

  const actions = (
    <>
      {customerId !== null ? (
        <Anchor style={LIST_LINK_STYLE} renderRoot={(props) => <Link {...props} {...customerRoute(String(customerId))} />}>
          {company}
        </Anchor>
      ) : null}
      <Button variant="default" mih={44} renderRoot={(props) => <Link {...props} {...SAMPLE_ROUTES.groups()} />}>
        {SAMPLE_TEXTS.backToGroups}
      </Button>
      {readOnly ? null : (
        <Button mih={44} onClick={() => setCreating(true)}>
          {SAMPLE_TEXTS.newSample}
        </Button>
      )}
    </>
  );

  return (
    <ListPage
      title={SAMPLE_TEXTS.listTitle(quotationNumberOf({ reference_no: quotation?.reference_no, id: quotation?.id ?? byId }))}
      actions={actions}
      search={listSearch}
      searchPlaceholder={SAMPLE_TEXTS.listSearch}
      filters={filter}
      filtered={typeId !== null || state !== null}
      state={pageState}
      page={page}
      onPageChange={(target) => goTo(target, listSearch.applied)}
      onOutOfRange={(last) => goTo(last, listSearch.applied, true)}
      columns={columns}
      rowKey={(sample) => sample.key}
      emptyText={SAMPLE_TEXTS.listEmpty}
      noResultsText={SAMPLE_TEXTS.noResults}
    >
      {remove.modal({ title: SAMPLE_TEXTS.confirmDeleteTitle, message: SAMPLE_TEXTS.confirmDelete })}
      {creating ? (
        <NewSampleModal
          opened
          onClose={() => setCreating(false)}
          quotationKey={quotation?.key ?? all[0]?.quotation_key ?? null}
          quotationId={quotation?.id ?? byId}
          quotation={quotation}
          samples={all}
          onCreated={(key) => {
            setCreating(false);
            void navigate(SAMPLE_ROUTES.sample(key));
          }}
        />
      ) : null}
    </ListPage>
  );
}
