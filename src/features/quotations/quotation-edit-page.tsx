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
 *
 * The form is uncontrolled (use-quotation-form.ts): this page renders when
 * lines come or go and when messages change; each section follows its own
 * fields, so a key re-renders only what shows it.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Divider, Grid, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { usePendingCommands } from '@sync/react/use-pending-commands';
import { useLocalList } from '@sync/react/use-local-record';
import { useSyncActions } from '@sync/react/use-sync-actions';
import type { RichTextDoc } from '@sync/contract/rich-text';
import type { LocalQuotation } from '@sync/react';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { EditPage, RecordRoute } from '@/ui/edit-page';
import { errorMessage } from '@/ui/forms';
import { agentEquipment } from './agent-equipment';
import { lineUids } from './line-table';
import { QuotationAgentsTable } from './quotation-agents-table';
import { QuotationCommentField } from './quotation-comment-field';
import { QuotationCustomerField } from './quotation-customer-field';
import { QuotationDeadlines } from './quotation-deadlines';
import { QuotationDeliveryFields } from './quotation-delivery-fields';
import { QuotationDetailsField } from './quotation-details-field';
import { duplicateFields } from './quotation-duplicate';
import { QuotationEquipmentTable } from './quotation-equipment-table';
import { withBlankRow, type LineList } from './quotation-form-values';
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
import { QuotationValidAtField } from './quotation-valid-at-field';
import { useLineHandlers } from './use-line-handlers';
import { useQuotationForm } from './use-quotation-form';

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

const LISTS: readonly LineList[] = ['rows', 'services', 'costs', 'equipments', 'deadlines'];
type Messages = Readonly<Record<string, string | undefined>>;

/** Each list's messages ('rows.0.value'), the same objects while the messages do not change (the tables are memoised). */
function listMessages(errors: Messages): Record<LineList, Messages> {
  const byList = Object.fromEntries(LISTS.map((list) => [list, {} as Record<string, string | undefined>])) as Record<
    LineList,
    Record<string, string | undefined>
  >;
  for (const [path, message] of Object.entries(errors)) {
    const list = path.split('.')[0] as LineList;
    if (byList[list]) byList[list][path] = message;
  }
  return byList;
}

function QuotationForm({ record, sellerName, sellerId, canChooseSeller = false, samples = 'none' }: SellerProps & { record?: LocalQuotation }) {
  const navigate = useNavigate();
  const { saveRecord } = useSyncActions();
  const [duplicating, setDuplicating] = useState(false);
  const products = useLocalList('products');
  const agentLines = useLocalList('product_equipments');
  const pendingCommands = usePendingCommands('quotations');
  const settings = useLocalList('settings');
  const defaultDetails = settings.loading ? '' : (settings.rows.find((setting) => setting.option === DETAILS_DEFAULT_SETTING)?.value ?? '');
  const { editor, api } = useQuotationForm(record, sellerId);
  const errors = editor.form.form.errors as Messages;
  const messages = useMemo(() => listMessages(errors), [errors]);
  const values = api.values();

  const handlers = useLineHandlers({
    api,
    // The equipment table from the agents now chosen (spec section 4).
    agentEquipment: (rows, current) =>
      withBlankRow('equipments', agentEquipment(rows, products.loading ? [] : products.rows, agentLines.loading ? [] : agentLines.rows, current)),
  });
  // The editor reads its document once; it keeps its own state from then on.
  const [initialDetails] = useState<RichTextDoc | null>(() => values.details);
  const changeDetails = useMemo(() => (details: RichTextDoc | null) => api.set('details', details), [api]);
  const sellerShown = record?.user?.name ?? sellerName;
  const seller = useMemo(
    () => <QuotationSellerField api={api} canChoose={canChooseSeller} name={sellerShown} error={errors.created_by} />,
    [api, canChooseSeller, sellerShown, errors.created_by],
  );

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
        <QuotationCustomerField api={api} error={errors.customer} />
        <Grid.Col span={{ base: 6, md: 3 }}>
          <QuotationValidAtField api={api} label={FORM_TEXTS.validAt} error={errors.valid_at} />
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
      <QuotationAgentsTable api={api} uids={lineUids(values.rows)} errors={messages.rows} handlers={handlers.rows} />
      <QuotationItemsTable list="services" api={api} uids={lineUids(values.services)} errors={messages.services} handlers={handlers.services} />
      <QuotationItemsTable list="costs" api={api} uids={lineUids(values.costs)} errors={messages.costs} handlers={handlers.costs} />
      <QuotationEquipmentTable api={api} uids={lineUids(values.equipments)} errors={messages.equipments} handlers={handlers.equipments} />
      <Divider />
      <QuotationTotalsBlock
        api={api}
        discountError={errors.discount}
        totalError={errors.total}
        paymentError={errors.payment_id}
        parcelError={errors.parcel}
        seller={seller}
      />
      <Divider />
      <QuotationDeliveryFields api={api} startError={errors.start_date} durationError={errors.duration_time} />
      <QuotationDeadlines api={api} uids={lineUids(values.deadlines)} errors={messages.deadlines} handlers={handlers.deadlines} />
      <QuotationDetailsField value={initialDetails} onChange={changeDetails} defaultText={defaultDetails} error={errors.details} />
      <QuotationCommentField api={api} />
    </EditPage>
  );
}
