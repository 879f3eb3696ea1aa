/**
 * The quotation page (/admin/orcamentos/novo and /admin/orcamentos/{id}):
 * 'Dados cadastrais' with the customer (and 'Adicionar novo cliente'),
 * validity, status and service address; the agents, services, other-costs
 * and equipment tables; the totals and payment; the start, duration and
 * delivery date; the deadlines; details and
 * comments. Salvar saves on the device ('Orçamento salvo com sucesso'; a
 * new quotation opens its edit route); Duplicar and Deletar work offline.
 *
 * Details are rich text (a tiptap document, editor loaded lazily, with
 * 'Inserir o texto padrão' from the message settings); comments are plain
 * text with 'Formatar texto' and its auto-format checkbox. The seller is
 * chosen by administrators among the users on the device.
 */
import { useCallback, useMemo, useState } from 'react';
import { Badge, Button, Divider, Grid, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { usePendingCommands } from '@sync/react/use-pending-commands';
import { useLocalList } from '@sync/react/use-local-record';
import { useSyncActions } from '@sync/react/use-sync-actions';
import type { RichTextDoc } from '@sync/contract/rich-text';
import type { LocalQuotation } from '@sync/react';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { EditPage, RecordRoute, useRecordEditor, type FormRead } from '@/ui/edit-page';
import { errorMessage } from '@/ui/forms';
import { DateInputBR } from '@/ui/inputs';
import { agentEquipment } from './agent-equipment';
import { QuotationAgentsTable } from './quotation-agents-table';
import { QuotationCommentField } from './quotation-comment-field';
import { QuotationCustomerField } from './quotation-customer-field';
import { QuotationDeadlines } from './quotation-deadlines';
import { QuotationDeliveryFields } from './quotation-delivery-fields';
import { QuotationDetailsField } from './quotation-details-field';
import { duplicateFields } from './quotation-duplicate';
import { QuotationEquipmentTable } from './quotation-equipment-table';
import {
  formTotals,
  quotationFormValues,
  readQuotationForm,
  withBlankRow,
  type LineList,
  type QuotationFormValues,
  type RowValues,
} from './quotation-form-values';
import { QuotationItemsTable } from './quotation-items-table';
import { quotationNumber } from './quotation-number';
import { QuotationPrintMenu } from './quotation-print-menu';
import { QUOTATION_ROUTES } from './quotation-routes';
import { QuotationSampleButton, type SampleAccess } from './quotation-sample-button';
import { QuotationSellerField } from './quotation-seller-field';
import { QuotationSendMenu } from './quotation-send-menu';
import { QuotationStatusMenu } from './quotation-status-menu';
import { QUOTATION_TEXTS } from './quotation-texts';
import { QuotationTotalsBlock } from './quotation-totals-block';
import { useLineHandlers } from './use-line-handlers';
import { useFieldChange, useStableNumbers } from './use-stable-values';

export const FORM_TEXTS = {
  validAt: 'Validade',
  status: 'Status',
  notFoundTitle: 'Orçamento',
  backToList: 'Voltar para a lista',
} as const;

export interface QuotationEditPageProps {
  /** Server id or local key; none for a new quotation. */
  quotationId?: string;
  /** The signed-in user's name: the seller of a new quotation. */
  sellerName: string;
  /** The signed-in user's id: the seller of a new quotation. */
  sellerId?: number | null;
  /** Administrators choose the seller (spec section 6). */
  canChooseSeller?: boolean;
  /** The user's samples module: 'Amostra' and 'Ver amostras' only with it (quotation-sample-button.tsx). */
  samples?: SampleAccess;
}

/** The message setting 'Inserir o texto padrão' inserts (spec section 3: message settings, quotationDetails). */
export const DETAILS_DEFAULT_SETTING = 'message_quotationDetails';

export function QuotationEditPage({ quotationId, ...seller }: QuotationEditPageProps) {
  return (
    <RecordRoute
      resource="quotations"
      param={quotationId}
      notFoundTitle={FORM_TEXTS.notFoundTitle}
      backToList={FORM_TEXTS.backToList}
      routes={QUOTATION_ROUTES}
    >
      {(record) => <QuotationForm record={record} {...seller} />}
    </RecordRoute>
  );
}

type SellerProps = Omit<QuotationEditPageProps, 'quotationId'>;

function QuotationForm({ record, sellerName, sellerId, canChooseSeller = false, samples = 'none' }: SellerProps & { record?: LocalQuotation }) {
  const navigate = useNavigate();
  const { saveRecord } = useSyncActions();
  const [duplicating, setDuplicating] = useState(false);
  const products = useLocalList('products');
  const agentLines = useLocalList('product_equipments');
  const pendingCommands = usePendingCommands('quotations');
  const settings = useLocalList('settings');
  const defaultDetails = settings.loading ? '' : (settings.rows.find((setting) => setting.option === DETAILS_DEFAULT_SETTING)?.value ?? '');
  const editor = useRecordEditor<'quotations', QuotationFormValues, string>({
    resource: 'quotations',
    record,
    initialValues: () => quotationFormValues(record, sellerId),
    read: (values) => readQuotationForm(values) as FormRead<'quotations', string>,
    fieldNames: { customer_id: 'customer', customer_key: 'customer' },
    texts: { saved: QUOTATION_TEXTS.saved, deleted: QUOTATION_TEXTS.deleted },
    routes: QUOTATION_ROUTES,
  });
  const { values, errors } = editor;
  const totals = formTotals(values);

  /** The equipment table from the agents now chosen (spec section 4). */
  const withAgentEquipment = (current: QuotationFormValues, rows: RowValues[]): QuotationFormValues => {
    const equipment = agentEquipment(rows, products.loading ? [] : products.rows, agentLines.loading ? [] : agentLines.rows, current.equipments);
    return { ...current, rows, equipments: withBlankRow('equipments', equipment) };
  };
  const handlers = useLineHandlers({ setValues: editor.setValues, setErrors: editor.setErrors, withAgentEquipment });
  const lineProps = <K extends LineList>(list: K) => ({ lines: values[list] as QuotationFormValues[K], errors, ...handlers[list] });
  const change = useFieldChange(editor.setValues, editor.setErrors);
  const changeDetails = useCallback((details: RichTextDoc | null) => change({ details }, 'details'), [change]);
  const changeCustomer = useCallback((key: string | null) => change({ customer_key: key, service_address_key: null }, 'customer'), [change]);
  const changeAddress = useCallback((key: string | null) => change({ service_address_key: key }, 'service_address'), [change]);
  const changeSeller = useCallback((created_by: string) => change({ created_by }, 'created_by'), [change]);
  const deliveryErrors = useMemo(
    () => ({ start_date: errors.start_date, duration_time: errors.duration_time }),
    [errors.start_date, errors.duration_time],
  );
  const serviceTotals = useStableNumbers(totals.serviceTotals);
  const costTotals = useStableNumbers(totals.costTotals);

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
      {record ? <QuotationSampleButton quotation={record} access={samples} /> : null}
      {record ? (
        <>
          <QuotationSendMenu quotation={record} />
          <QuotationPrintMenu quotation={record} />
        </>
      ) : null}
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
          onCustomer={changeCustomer}
          onAddress={changeAddress}
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
      <QuotationItemsTable list="services" {...lineProps('services')} totals={serviceTotals} />
      <QuotationItemsTable list="costs" {...lineProps('costs')} totals={costTotals} />
      <QuotationEquipmentTable {...lineProps('equipments')} />
      <Divider />
      <QuotationTotalsBlock
        values={values}
        totals={totals}
        errors={errors}
        onChange={editor.change}
        seller={
          <QuotationSellerField
            value={values.created_by}
            onChange={changeSeller}
            canChoose={canChooseSeller}
            name={record?.user?.name ?? sellerName}
            error={errors.created_by}
          />
        }
      />
      <Divider />
      <QuotationDeliveryFields start_date={values.start_date} duration_time={values.duration_time} errors={deliveryErrors} onChange={change} />
      <QuotationDeadlines {...lineProps('deadlines')} />
      <QuotationDetailsField value={values.details} onChange={changeDetails} defaultText={defaultDetails} error={errors.details} />
      <QuotationCommentField value={values.comment} onChange={(comment) => editor.change({ comment }, 'comment')} />
    </EditPage>
  );
}
