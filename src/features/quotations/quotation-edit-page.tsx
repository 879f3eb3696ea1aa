/**
 * The quotation page (/admin/orcamentos/novo and /admin/orcamentos/{id}):
 * 'Dados cadastrais' with the customer (and 'Adicionar novo cliente'),
 * validity, status and service address; the agents, services, other-costs
 * and equipment tables; the totals and payment; the deadlines; details and
 * comments. Salvar saves on the device ('Orçamento salvo com sucesso'; a
 * new quotation opens its edit route); Duplicar and Deletar work offline.
 *
 * Details and comments are plain multi-line text for now: the rich-text
 * editor (tiptap), 'Inserir o texto padrão' and 'Formatar texto' come later.
 */
import { useState } from 'react';
import { Badge, Button, Divider, Grid, Stack, Text, Textarea } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { usePendingCommands } from '@sync/react/use-pending-commands';
import { useLocalList } from '@sync/react/use-local-record';
import { useSyncActions } from '@sync/react/use-sync-actions';
import type { LocalQuotation } from '@sync/store/registry/quotation-records';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { EditPage, RecordRoute, useRecordEditor, type FormRead } from '@/ui/edit-page';
import { errorMessage } from '@/ui/forms';
import { DateInputBR } from '@/ui/inputs';
import { agentEquipment } from './agent-equipment';
import { QuotationAgentsTable } from './quotation-agents-table';
import { QuotationCustomerField } from './quotation-customer-field';
import { QuotationDeadlines } from './quotation-deadlines';
import { duplicateFields } from './quotation-duplicate';
import { QuotationEquipmentTable } from './quotation-equipment-table';
import {
  addRow,
  formTotals,
  quotationFormValues,
  readQuotationForm,
  removeRow,
  withBlankRow,
  type LineList,
  type QuotationFormValues,
  type RowValues,
} from './quotation-form-values';
import { QuotationItemsTable } from './quotation-items-table';
import { quotationNumber } from './quotation-number';
import { QUOTATION_ROUTES } from './quotation-routes';
import { QuotationSampleButton } from './quotation-sample-button';
import { QuotationStatusMenu } from './quotation-status-menu';
import { QUOTATION_TEXTS } from './quotation-texts';
import { QuotationTotalsBlock } from './quotation-totals-block';

export const FORM_TEXTS = {
  validAt: 'Validade',
  status: 'Status',
  details: 'Detalhes',
  comment: 'Observações',
  notFoundTitle: 'Orçamento',
  backToList: 'Voltar para a lista',
} as const;

export interface QuotationEditPageProps {
  /** Server id or local key; none for a new quotation. */
  quotationId?: string;
  /** The signed-in user's name: the seller of a new quotation. */
  sellerName: string;
}

export function QuotationEditPage({ quotationId, sellerName }: QuotationEditPageProps) {
  return (
    <RecordRoute
      resource="quotations"
      param={quotationId}
      notFoundTitle={FORM_TEXTS.notFoundTitle}
      backToList={FORM_TEXTS.backToList}
      routes={QUOTATION_ROUTES}
    >
      {(record) => <QuotationForm record={record} sellerName={sellerName} />}
    </RecordRoute>
  );
}

function QuotationForm({ record, sellerName }: { record?: LocalQuotation; sellerName: string }) {
  const navigate = useNavigate();
  const { saveRecord } = useSyncActions();
  const [duplicating, setDuplicating] = useState(false);
  const products = useLocalList('products');
  const agentLines = useLocalList('product_equipments');
  const pendingCommands = usePendingCommands('quotations');
  const editor = useRecordEditor<'quotations', QuotationFormValues, string>({
    resource: 'quotations',
    record,
    initialValues: () => quotationFormValues(record),
    read: (values) => readQuotationForm(values) as FormRead<'quotations', string>,
    fieldNames: { customer_id: 'customer', customer_key: 'customer' },
    texts: { saved: QUOTATION_TEXTS.saved, deleted: QUOTATION_TEXTS.deleted },
    routes: QUOTATION_ROUTES,
  });
  const { values, errors } = editor;
  const totals = formTotals(values);

  /** The equipment table from the agents now chosen (spec section 4). */
  const withAgentEquipment = (current: QuotationFormValues, rows: RowValues[]): QuotationFormValues => {
    const equipment = agentEquipment(rows, products.loading ? [] : products.rows, agentLines.loading ? [] : agentLines.rows);
    return { ...current, rows, equipments: withBlankRow('equipments', equipment) };
  };
  const clearLineErrors = (list: LineList, index: number, fields: string[]) =>
    editor.setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[`${list}.${index}.${field}`];
      delete next.total;
      return next;
    });

  const lineProps = <K extends LineList>(list: K) => ({
    lines: values[list] as QuotationFormValues[K],
    errors,
    onChange: (index: number, patch: Partial<QuotationFormValues[K][number]>) => {
      editor.setValues((current) => {
        const lines = (current[list] as QuotationFormValues[K]).map((line, position) => (position === index ? { ...line, ...patch } : line));
        if (list === 'rows' && 'product_key' in patch) return withAgentEquipment(current, lines as RowValues[]);
        return { ...current, [list]: lines };
      });
      clearLineErrors(list, index, Object.keys(patch));
    },
    onAdd: () => editor.setValues((current) => ({ ...current, [list]: addRow(list, current[list] as QuotationFormValues[K]) })),
    onRemove: (index: number) =>
      editor.setValues((current) => {
        const lines = removeRow(list, current[list] as QuotationFormValues[K], index);
        if (list === 'rows') return withAgentEquipment(current, lines as RowValues[]);
        return { ...current, [list]: lines };
      }),
  });

  const duplicate = async () => {
    if (!record || duplicating) return;
    setDuplicating(true);
    try {
      const key = await saveRecord('quotations', null, duplicateFields(record) as never);
      alertSuccess(QUOTATION_TEXTS.duplicated);
      void navigate(QUOTATION_ROUTES.record(key));
    } catch (error) {
      alertDanger(errorMessage(error));
    } finally {
      setDuplicating(false);
    }
  };

  const actions = (
    <>
      {record ? <QuotationSampleButton quotation={record} /> : null}
      {record ? (
        <Button variant="default" mih={44} loading={duplicating} onClick={() => void duplicate()}>
          {QUOTATION_TEXTS.duplicate}
        </Button>
      ) : null}
      <Button mih={44} renderRoot={(props) => <Link {...props} {...QUOTATION_ROUTES.create} />}>
        {QUOTATION_TEXTS.newButton}
      </Button>
    </>
  );

  return (
    <EditPage
      title={record ? QUOTATION_TEXTS.editTitle : QUOTATION_TEXTS.createTitle}
      status={
        record ? (
          <Badge variant="light" color={record.reference_no ? 'blue' : 'gray'} size="lg">
            {quotationNumber(record)}
          </Badge>
        ) : null
      }
      actions={actions}
      problem={editor.problem}
      onSubmit={() => void editor.submit()}
      saving={editor.saving}
      onDelete={record ? () => editor.remove.request(record) : undefined}
      after={editor.remove.modal({ title: QUOTATION_TEXTS.confirmDeleteTitle, message: QUOTATION_TEXTS.confirmDelete })}
    >
      <Grid gap="md" align="flex-start">
        <QuotationCustomerField
          customerKey={values.customer_key}
          addressKey={values.service_address_key}
          error={errors.customer}
          onCustomer={(key) => editor.change({ customer_key: key, service_address_key: null }, 'customer')}
          onAddress={(key) => editor.change({ service_address_key: key }, 'service_address')}
        />
        <Grid.Col span={{ base: 6, md: 3 }}>
          <DateInputBR
            label={FORM_TEXTS.validAt}
            name="valid_at"
            value={values.valid_at}
            onChange={(text) => editor.change({ valid_at: text }, 'valid_at')}
            error={errors.valid_at}
            styles={{ input: { minHeight: 44 } }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {FORM_TEXTS.status}
            </Text>
            {record ? (
              <QuotationStatusMenu quotation={record} pending={pendingCommands.get(record.key)?.includes('status') ?? false} />
            ) : (
              <Text mih={44}>{QUOTATION_TEXTS.statusLabels.open}</Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Divider />
      <QuotationAgentsTable {...lineProps('rows')} totals={totals.rowTotals} />
      <QuotationItemsTable list="services" {...lineProps('services')} totals={totals.serviceTotals} />
      <QuotationItemsTable list="costs" {...lineProps('costs')} totals={totals.costTotals} />
      <QuotationEquipmentTable {...lineProps('equipments')} />
      <Divider />
      <QuotationTotalsBlock values={values} totals={totals} errors={errors} sellerName={record?.user?.name ?? sellerName} onChange={editor.change} />
      <Divider />
      <QuotationDeadlines {...lineProps('deadlines')} />
      <Textarea
        label={FORM_TEXTS.details}
        name="details"
        rows={5}
        value={values.details}
        onChange={(event) => editor.change({ details: event.currentTarget.value }, 'details')}
      />
      <Textarea
        label={FORM_TEXTS.comment}
        name="comment"
        rows={4}
        value={values.comment}
        onChange={(event) => editor.change({ comment: event.currentTarget.value }, 'comment')}
      />
    </EditPage>
  );
}
