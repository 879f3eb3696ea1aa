/**
 * The customer's tabs (spec: Customers, "Tabs"): one tab per address plus
 * 'Anexos'. Buttons: 'Novo endereço' (a new tab), 'Salvar endereço' (only
 * when the customer exists: saves this tab's address as a line, 'Endereço
 * salvo com sucesso!'), 'Remover endereço' (not on the first tab; a saved
 * address is deleted after a confirmation). Customer-type users see the
 * addresses read-only, without these buttons.
 *
 * The drafts are kept by the page (its Salvar also saves them); this
 * component edits them and saves single addresses.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { ConfirmModal } from '@/ui/confirm-modal';
import { errorMessage, fieldErrorsOf } from '@/ui/forms';
import {
  addDraft,
  canRemoveDraft,
  markSaved,
  readAddress,
  removeDraft,
  tabLabel,
  updateDraft,
  type AddressDraft,
  type AddressErrors,
} from './address-drafts';
import { AddressPanel } from './address-panel';
import { ADDRESS_TEXTS, FILE_TEXTS } from './customer-texts';

export const FILES_TAB = 'anexos';

export interface CustomerTabsProps {
  /** Local key of the customer; null while it is not saved (no 'Salvar endereço'). */
  customerKey: string | null;
  drafts: AddressDraft[];
  setDrafts: (update: (drafts: AddressDraft[]) => AddressDraft[]) => void;
  /** Messages per tab (from a page save). */
  errors: Record<string, AddressErrors>;
  setErrors: (update: (errors: Record<string, AddressErrors>) => Record<string, AddressErrors>) => void;
  restricted?: boolean;
  /** The 'Anexos' tab's content. */
  files: ReactNode;
  /** The tab shown (controlled, so a page save can open a tab with an error). */
  active: string | null;
  onActiveChange: (tab: string | null) => void;
}

export function CustomerTabs({
  customerKey,
  drafts,
  setDrafts,
  errors,
  setErrors,
  restricted = false,
  files,
  active,
  onActiveChange,
}: CustomerTabsProps) {
  const { saveRecord, deleteRecord } = useSyncActions();
  const [saving, setSaving] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AddressDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = active && (active === FILES_TAB || drafts.some((draft) => draft.tabId === active)) ? active : (drafts[0]?.tabId ?? FILES_TAB);

  const saveAddress = async (draft: AddressDraft, index: number) => {
    if (!customerKey) return;
    const read = readAddress(draft.values, index);
    if (!read.ok) {
      setErrors((current) => ({ ...current, [draft.tabId]: read.errors }));
      return;
    }
    setSaving(draft.tabId);
    try {
      const key = await saveRecord('customer_addresses', draft.key, draft.key ? read.fields : { ...read.fields, customer_key: customerKey });
      setDrafts((current) => markSaved(current, draft.tabId, key));
      setErrors((current) => ({ ...current, [draft.tabId]: {} }));
      alertSuccess(ADDRESS_TEXTS.saved);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (Object.keys(fieldErrors).length > 0) setErrors((current) => ({ ...current, [draft.tabId]: fieldErrors as AddressErrors }));
      // Spec section 8: an address error is the message followed by its detail on a new line.
      alertDanger([errorMessage(error), ...Object.values(fieldErrors)]);
    } finally {
      setSaving(null);
    }
  };

  const remove = (draft: AddressDraft) => {
    if (draft.key) {
      setRemoving(draft);
      return;
    }
    setDrafts((current) => removeDraft(current, draft.tabId));
    onActiveChange(drafts[0]?.tabId ?? null);
  };

  const confirmRemove = async () => {
    if (!removing?.key) return;
    setBusy(true);
    try {
      await deleteRecord('customer_addresses', removing.key);
      setDrafts((current) => removeDraft(current, removing.tabId));
      onActiveChange(drafts[0]?.tabId ?? null);
      alertSuccess(ADDRESS_TEXTS.removed);
    } catch (error) {
      alertDanger(errorMessage(error));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const addAddress = () => {
    const next = addDraft(drafts);
    setDrafts(() => next);
    onActiveChange(next[next.length - 1]!.tabId);
  };

  return (
    <Stack gap="sm">
      <Tabs value={shown} onChange={onActiveChange} keepMounted={false} aria-label={ADDRESS_TEXTS.tabsLabel}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Tabs.List>
            {drafts.map((draft, index) => (
              <Tabs.Tab key={draft.tabId} value={draft.tabId}>
                {tabLabel(draft, index)}
              </Tabs.Tab>
            ))}
            <Tabs.Tab value={FILES_TAB}>{FILE_TEXTS.tab}</Tabs.Tab>
          </Tabs.List>
          {restricted ? null : (
            <Button variant="light" size="xs" onClick={addAddress}>
              {ADDRESS_TEXTS.newAddress}
            </Button>
          )}
        </Group>
        {drafts.map((draft, index) => (
          <Tabs.Panel key={draft.tabId} value={draft.tabId} pt="md">
            <Stack gap="md">
              <AddressPanel
                values={draft.values}
                errors={errors[draft.tabId] ?? {}}
                disabled={restricted}
                onChange={(patch, field) => {
                  setDrafts((current) => updateDraft(current, draft.tabId, patch));
                  setErrors((current) => ({ ...current, [draft.tabId]: { ...current[draft.tabId], [field]: undefined } }));
                }}
              />
              {restricted ? null : (
                <Group justify="flex-end" gap="sm">
                  {canRemoveDraft(index) ? (
                    <Button variant="light" color="red" onClick={() => remove(draft)}>
                      {ADDRESS_TEXTS.removeAddress}
                    </Button>
                  ) : null}
                  {customerKey ? (
                    <Button variant="default" loading={saving === draft.tabId} onClick={() => void saveAddress(draft, index)}>
                      {ADDRESS_TEXTS.saveAddress}
                    </Button>
                  ) : null}
                </Group>
              )}
            </Stack>
          </Tabs.Panel>
        ))}
        <Tabs.Panel value={FILES_TAB} pt="md">
          {files}
        </Tabs.Panel>
      </Tabs>
      <ConfirmModal
        opened={removing !== null}
        title={ADDRESS_TEXTS.confirmRemoveTitle}
        message={ADDRESS_TEXTS.confirmRemove}
        loading={busy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
