/**
 * A customer's page: 'Cliente / Adicionar' at /admin/clientes/novo, the edit
 * page at /admin/clientes/{id or local key}. Card 'Dados cadastrais' with the
 * customer form (src/entities/customer), Salvar and Deletar, then the tabs:
 * one per address and 'Anexos'. Salvar saves the customer and the addresses
 * changed in the tabs (for a new customer: every address filled in, and the
 * files held in 'Anexos'), then goes to /admin/clientes/{id}. Everything is
 * saved on the device and sent by the sync engine, so it works offline.
 *
 * Customer-type users (`restricted`) see the same page read-only: fields
 * disabled, no Salvar, no address buttons, files to download only.
 */
import { useEffect, useState } from 'react';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useSyncDatabase } from '@sync/react/context';
import { useLocalLines } from '@sync/react/use-local-record';
import { useRecordProblem } from '@sync/react/use-outbox-problems';
import { routeParamOf } from '@sync/react/use-route-record';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { type LocalCustomer, UnitOfWorkError } from '@sync/react';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { useConfirmDelete } from '@/ui/confirm-delete';
import { CUSTOMER_FORM_TEXTS, CustomerFields, SameDocumentNotice, useCustomerForm, useSameDocumentCustomer } from '@/entities/customer';
import { EDIT_TEXTS, RecordEditPage, RecordRoute } from '@/ui/edit-page';
import { errorMessage } from '@/ui/forms';
import {
  initialDrafts,
  isBlankAddress,
  markSaved,
  mergeLines,
  readAddress,
  type AddressDraft,
  type AddressErrors,
  type AddressFields,
} from './address-drafts';
import { attachFiles } from './customer-files';
import { CustomerFilesTab } from './customer-files-tab';
import type { CustomerRemote } from './customer-remote';
import { CUSTOMER_ROUTES } from './customer-routes';
import { CustomerTabs } from './customer-tabs';
import { CUSTOMER_TEXTS, FILE_TEXTS } from './customer-texts';
import type { FileDraft } from './file-drafts';

export interface CustomerEditPageProps {
  /** Server id or local key; undefined for a new customer. */
  customerId?: string;
  /** A customer-type user: read-only. */
  restricted?: boolean;
  remote?: CustomerRemote;
}

export function CustomerEditPage({ customerId, restricted = false, remote }: CustomerEditPageProps) {
  // Customer-type users never create customers.
  if (customerId === undefined && restricted) return <Navigate {...CUSTOMER_ROUTES.list('1')} replace />;
  return (
    <RecordRoute
      resource="customers"
      param={customerId}
      notFoundTitle={restricted ? CUSTOMER_TEXTS.viewTitle : CUSTOMER_TEXTS.editTitle}
      backToList={CUSTOMER_TEXTS.backToList}
      routes={CUSTOMER_ROUTES}
    >
      {(record) => <CustomerEditor record={record} restricted={restricted} remote={remote} />}
    </RecordRoute>
  );
}

/** The address tabs of the customer: drafts over its lines, kept in step with the store. */
function useAddressDrafts(record: LocalCustomer | undefined) {
  const lineState = useLocalLines('customer_addresses', record?.key ?? null);
  // The rows array keeps its identity until the store changes (the state object does not).
  const lines = lineState.loading ? null : lineState.rows;
  const [drafts, setDrafts] = useState<AddressDraft[] | null>(() => (record ? null : initialDrafts([])));
  useEffect(() => {
    if (!record || !lines) return;
    setDrafts((current) => (current === null ? initialDrafts(lines) : mergeLines(current, lines)));
  }, [record, lines]);
  return { drafts, setDrafts: (update: (drafts: AddressDraft[]) => AddressDraft[]) => setDrafts((current) => update(current ?? [])) };
}

interface AddressSave {
  draft: AddressDraft;
  fields: AddressFields;
}

/** The first message per field of a refused address, for its tab. */
function addressErrorsOf(error: UnitOfWorkError): AddressErrors {
  const errors: AddressErrors = {};
  for (const [field, messages] of Object.entries(error.info.fields ?? {})) {
    if (messages[0]) (errors as Record<string, string>)[field] = messages[0];
  }
  return errors;
}

function CustomerEditor({ record, restricted = false, remote }: { record?: LocalCustomer; restricted?: boolean; remote?: CustomerRemote }) {
  const navigate = useNavigate();
  const db = useSyncDatabase();
  const { saveRecords, deleteRecord } = useSyncActions();
  const problem = useRecordProblem('customers', record?.key);
  const form = useCustomerForm(record);
  const sameDocument = useSameDocumentCustomer(form.values, record?.key);
  const { drafts, setDrafts } = useAddressDrafts(record);
  const [addressErrors, setAddressErrors] = useState<Record<string, AddressErrors>>({});
  const [activeTab, setActiveTab] = useState<string | null>(null);
  const [held, setHeld] = useState<FileDraft[]>([]);
  const [saving, setSaving] = useState(false);
  const remove = useConfirmDelete<LocalCustomer>({
    run: async (customer) => {
      try {
        await deleteRecord('customers', customer.key);
      } catch (error) {
        throw new Error(CUSTOMER_TEXTS.deleteFailed(errorMessage(error)));
      }
    },
    successMessage: CUSTOMER_TEXTS.deleted,
    onDeleted: () => void navigate(CUSTOMER_ROUTES.list('1')),
  });

  /** The addresses this Salvar writes: every one filled in for a new customer, the changed ones otherwise. */
  const addressesToSave = (): AddressSave[] | null => {
    const errors: Record<string, AddressErrors> = {};
    const saves: AddressSave[] = [];
    (drafts ?? []).forEach((draft, index) => {
      const wanted = record ? draft.dirty && !(draft.key === null && isBlankAddress(draft.values)) : !isBlankAddress(draft.values);
      if (!wanted) return;
      const read = readAddress(draft.values, index);
      if (read.ok) saves.push({ draft, fields: read.fields });
      else errors[draft.tabId] = read.errors;
    });
    const firstBad = Object.keys(errors)[0];
    if (firstBad) {
      setAddressErrors((current) => ({ ...current, ...errors }));
      setActiveTab(firstBad);
      return null;
    }
    return saves;
  };

  const submit = async () => {
    const fields = form.read();
    const addresses = addressesToSave();
    if (!fields || !addresses) return;
    setSaving(true);
    try {
      // The customer and its addresses are one unit of work: all saved, or nothing (sync/engine/mutations.ts).
      const keys = await saveRecords([
        { resource: 'customers', key: record?.key ?? null, fields: { ...fields } },
        ...addresses.map(({ draft, fields: address }) => ({
          resource: 'customer_addresses' as const,
          key: draft.key,
          fields: draft.key ? { ...address } : (before: readonly string[]) => ({ ...address, customer_key: before[0] }),
        })),
      ]);
      const key = keys[0]!;
      addresses.forEach(({ draft }, index) => setDrafts((current) => markSaved(current, draft.tabId, keys[index + 1]!)));
      if (!record && held.length > 0) {
        try {
          await attachFiles(db, key, held);
        } catch (error) {
          alertDanger(FILE_TEXTS.newCustomerUploadFailed(errorMessage(error)));
        }
      }
      alertSuccess(CUSTOMER_TEXTS.saved);
      void navigate({ ...CUSTOMER_ROUTES.record(record ? routeParamOf(record) : key), replace: record !== undefined });
    } catch (error) {
      const address = error instanceof UnitOfWorkError && error.item > 0 ? addresses[error.item - 1] : undefined;
      if (address) {
        // An address refused: its tab shows why (nothing of the save was written).
        setAddressErrors((current) => ({ ...current, [address.draft.tabId]: addressErrorsOf(error as UnitOfWorkError) }));
        setActiveTab(address.draft.tabId);
        alertDanger(CUSTOMER_TEXTS.saveFailed(errorMessage(error)));
      } else if (!form.showSaveError(error)) alertDanger(CUSTOMER_TEXTS.saveFailed(errorMessage(error)));
    } finally {
      setSaving(false);
    }
  };

  const tabs =
    drafts === null ? null : (
      <CustomerTabs
        customerKey={record?.key ?? null}
        drafts={drafts}
        setDrafts={setDrafts}
        errors={addressErrors}
        setErrors={setAddressErrors}
        restricted={restricted}
        active={activeTab}
        onActiveChange={setActiveTab}
        files={<CustomerFilesTab customer={record ?? null} restricted={restricted} held={held} onHeldChange={setHeld} remote={remote} />}
      />
    );

  if (restricted && record) {
    return (
      <Stack gap="md">
        <Title order={2}>{CUSTOMER_TEXTS.viewTitle}</Title>
        <Card withBorder padding="lg" radius="md">
          <Stack gap="md">
            <Text fw={600} size="lg">
              {EDIT_TEXTS.card}
            </Text>
            <CustomerFields values={form.values} errors={{}} onChange={() => undefined} disabled />
          </Stack>
        </Card>
        <Card withBorder padding="lg" radius="md">
          {tabs}
        </Card>
      </Stack>
    );
  }

  return (
    <RecordEditPage
      editor={{ record, problem, saving, submit, remove }}
      texts={CUSTOMER_TEXTS}
      routes={CUSTOMER_ROUTES}
      after={
        <Card withBorder padding="lg" radius="md">
          {tabs}
        </Card>
      }
    >
      <CustomerFields
        values={form.values}
        errors={form.errors}
        onChange={form.change}
        documentNotice={
          <SameDocumentNotice
            existing={sameDocument}
            action={(existing) => (
              // A new tab: what was typed here stays.
              <Anchor
                size="sm"
                renderRoot={(props) => <Link {...props} {...CUSTOMER_ROUTES.record(routeParamOf(existing))} target="_blank" rel="noopener" />}
              >
                {CUSTOMER_FORM_TEXTS.sameDocument.open}
              </Anchor>
            )}
          />
        }
      />
    </RecordEditPage>
  );
}
