/**
 * The address tabs of a customer as the page edits them (spec: Customers,
 * "Tabs"): one draft per tab, over the customer's address lines in the
 * local store. Rules:
 * - a customer always shows at least one tab; the first is labelled
 *   'Endereço Principal' by default, new ones 'Novo Endereço' (then
 *   'Novo Endereço 2', 3…: two tabs never share a title);
 * - the first tab cannot be removed;
 * - a draft the user changed is kept as typed when the store changes under
 *   it (a pull); untouched drafts follow the store; lines that appear are
 *   added, lines that disappear are dropped unless changed here;
 * - masks and capitalisation on change (CEP; street, district, city);
 * - what a save writes: blank address fields are null; a tab with nothing
 *   but a default label is "blank" and is not saved with a new customer
 *   (a label of the user's own is saved).
 *
 * Pure functions over plain values; the tabs component keeps the state.
 */
import { CUSTOMER_MESSAGES, STATE_CODES } from '@sync/contract/customers';
import type { LocalCustomerAddress } from '@sync/react';
import { maskCep, onlyDigits } from '@/domain/masks';
import { capitalizeWords } from '@/domain/text-case';
import { ADDRESS_TEXTS } from './customer-texts';

export interface AddressValues {
  label: string;
  /** Masked CEP (00.000-000). */
  zipcode: string;
  street: string;
  number: string;
  address2: string;
  district: string;
  city: string;
  /** Two-letter code or null. */
  state: string | null;
}

export type AddressField = keyof AddressValues;
export type AddressErrors = Partial<Record<AddressField, string>>;

export interface AddressDraft {
  /** Stable id of the tab (the line's key once saved). */
  tabId: string;
  /** Local key of the saved line; null for a tab not saved yet. */
  key: string | null;
  values: AddressValues;
  /** Changed here since it was last saved or read from the store. */
  dirty: boolean;
}

/** What a save writes to a customer_addresses line. */
export interface AddressFields {
  label: string;
  zipcode: string | null;
  street: string | null;
  number: string | null;
  address2: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
}

let tabCounter = 0;
function newTabId(): string {
  tabCounter += 1;
  return `novo-${tabCounter}`;
}

export function defaultAddressLabel(index: number): string {
  return index === 0 ? ADDRESS_TEXTS.defaultLabels.first : ADDRESS_TEXTS.defaultLabels.other;
}

export function blankAddress(index: number): AddressValues {
  return { label: defaultAddressLabel(index), zipcode: '', street: '', number: '', address2: '', district: '', city: '', state: null };
}

export function addressValuesOf(line: LocalCustomerAddress, index: number): AddressValues {
  return {
    label: line.label ?? defaultAddressLabel(index),
    zipcode: maskCep(line.zipcode ?? ''),
    street: line.street ?? '',
    number: line.number ?? '',
    address2: line.address2 ?? '',
    district: line.district ?? '',
    city: line.city ?? '',
    state: line.state ?? null,
  };
}

function draftOf(line: LocalCustomerAddress, index: number): AddressDraft {
  return { tabId: line.key, key: line.key, values: addressValuesOf(line, index), dirty: false };
}

/** The tabs for the lines of a customer (in the order added); one blank tab when there is none. */
export function initialDrafts(lines: readonly LocalCustomerAddress[]): AddressDraft[] {
  if (lines.length === 0) return [{ tabId: newTabId(), key: null, values: blankAddress(0), dirty: false }];
  return lines.map(draftOf);
}

/**
 * The tabs after the store changed: untouched drafts take the store's
 * values, new lines get a tab, drafts of lines gone from the store go
 * (unless changed here, then they stay as new tabs to save again).
 */
export function mergeLines(drafts: readonly AddressDraft[], lines: readonly LocalCustomerAddress[]): AddressDraft[] {
  const byKey = new Map(lines.map((line, index) => [line.key, { line, index }]));
  const next: AddressDraft[] = [];
  for (const draft of drafts) {
    if (draft.key === null) {
      next.push(draft);
      continue;
    }
    const found = byKey.get(draft.key);
    if (found) {
      next.push(draft.dirty ? draft : { ...draft, values: addressValuesOf(found.line, found.index) });
      byKey.delete(draft.key);
    } else if (draft.dirty) {
      next.push({ ...draft, key: null });
    }
  }
  for (const { line, index } of byKey.values()) next.push(draftOf(line, index));
  return next.length > 0 ? next : initialDrafts([]);
}

/**
 * The label of a tab being added: 'Novo Endereço', or 'Novo Endereço 2', 3…
 * when that title is taken, so two tabs never share a title (the lowest
 * free number).
 */
export function newTabLabel(drafts: readonly AddressDraft[]): string {
  const taken = new Set(drafts.map((draft, index) => tabLabel(draft, index)));
  const base = ADDRESS_TEXTS.defaultLabels.other;
  if (!taken.has(base)) return base;
  let number = 2;
  while (taken.has(`${base} ${number}`)) number += 1;
  return `${base} ${number}`;
}

export function addDraft(drafts: readonly AddressDraft[]): AddressDraft[] {
  const values = { ...blankAddress(drafts.length), label: newTabLabel(drafts) };
  return [...drafts, { tabId: newTabId(), key: null, values, dirty: true }];
}

/** 'Remover endereço' is not offered on the first tab. */
export function canRemoveDraft(index: number): boolean {
  return index > 0;
}

export function removeDraft(drafts: readonly AddressDraft[], tabId: string): AddressDraft[] {
  const index = drafts.findIndex((draft) => draft.tabId === tabId);
  if (!canRemoveDraft(index)) return [...drafts];
  return drafts.filter((draft) => draft.tabId !== tabId);
}

/** Applies a change as typed: CEP mask, capitalisation of street, district and city. */
export function changeAddress(values: AddressValues, patch: Partial<AddressValues>): AddressValues {
  const next = { ...values, ...patch };
  if (patch.zipcode !== undefined) next.zipcode = maskCep(patch.zipcode);
  if (patch.street !== undefined) next.street = capitalizeWords(patch.street);
  if (patch.district !== undefined) next.district = capitalizeWords(patch.district);
  if (patch.city !== undefined) next.city = capitalizeWords(patch.city);
  return next;
}

export function updateDraft(drafts: readonly AddressDraft[], tabId: string, patch: Partial<AddressValues>): AddressDraft[] {
  return drafts.map((draft) => (draft.tabId === tabId ? { ...draft, values: changeAddress(draft.values, patch), dirty: true } : draft));
}

/** Saved: the tab is now the line `key`, in step with the store. */
export function markSaved(drafts: readonly AddressDraft[], tabId: string, key: string): AddressDraft[] {
  return drafts.map((draft) => (draft.tabId === tabId ? { ...draft, key, dirty: false } : draft));
}

/** A label the page gave, not the user: empty, 'Endereço Principal', 'Novo Endereço' or 'Novo Endereço 2'… */
function isDefaultLabel(label: string): boolean {
  const text = label.trim();
  const { first, other } = ADDRESS_TEXTS.defaultLabels;
  return text === '' || text === first || text === other || new RegExp(`^${other} \\d+$`).test(text);
}

/**
 * Nothing filled in but a default label. A label of the user's own
 * ('Matriz') is content: such a tab is saved, not silently dropped.
 */
export function isBlankAddress(values: AddressValues): boolean {
  const fieldsBlank = [values.zipcode, values.street, values.number, values.address2, values.district, values.city].every((text) => !text.trim());
  return fieldsBlank && !values.state && isDefaultLabel(values.label);
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

export type AddressRead = { ok: true; fields: AddressFields } | { ok: false; errors: AddressErrors };

export function readAddress(values: AddressValues, index: number): AddressRead {
  const errors: AddressErrors = {};
  const zipcode = onlyDigits(values.zipcode);
  if (zipcode && zipcode.length !== 8) errors.zipcode = CUSTOMER_MESSAGES.zipcodeInvalid;
  if (values.state && !STATE_CODES.includes(values.state)) errors.state = CUSTOMER_MESSAGES.stateInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    fields: {
      label: values.label.trim() || defaultAddressLabel(index),
      zipcode: zipcode || null,
      street: orNull(values.street),
      number: orNull(values.number),
      address2: orNull(values.address2),
      district: orNull(values.district),
      city: orNull(values.city),
      state: values.state || null,
    },
  };
}

/** The tab's title: its label, or the default for its place. */
export function tabLabel(draft: AddressDraft, index: number): string {
  return draft.values.label.trim() || defaultAddressLabel(index);
}
