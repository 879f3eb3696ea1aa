/**
 * The customer resources of issue 5 (spec core-administration.md, customers;
 * wire shapes in sync/contract/customers.ts): customers, their addresses and
 * their files. The contact travels inside the customer's body (the
 * contract's extension of `POST/PUT api/customer`), so a customer and its
 * contact are one record and one request; addresses and files are child
 * lines written through their documented calls and embedded in the customer
 * on pull (`addresses`, `files`).
 *
 * A file's create is an upload (`upload`): the engine sends the bytes kept
 * in the store's files table as multipart/form-data once the customer has
 * its server id (sync/engine/files.ts).
 */
import { z } from 'zod';
import {
  addressInputSchema,
  addressSchema,
  contactSchema,
  CUSTOMER_MESSAGES,
  customerFileSchema,
  customerInputSchema,
  customerSchema,
  documentProblem,
} from '@sync/contract/customers';
import { requiredText, TEXT_LIMITS } from '@sync/contract/fields';
import { READ_ACCESS } from '@sync/contract/access';
import { defineResource } from './resource';

/**
 * The contact as the device keeps it: name, e-mail and phone only, the same
 * shape a local save writes, so comparing the server's version with the
 * device's (conflicts, discard reports) sees only real differences.
 */
const localContactSchema = contactSchema
  .nullable()
  .transform((contact) => (contact ? { name: contact.name, email: contact.email, phone: contact.phone } : null));

/** The customer as answered, with the contact in its local shape. */
export const customerRecordSchema = customerSchema.extend({ contact: localContactSchema });

const { addresses: _addressesOnCreate, ...customerBodyShape } = customerInputSchema.shape;

/**
 * The customer's write body without `addresses`: the device creates
 * addresses as lines through their own call (so a retry or a later edit
 * never depends on the body that created the customer), and a field the
 * record does not keep must not take part in "what changed" comparisons.
 * The document is checked against the type as the contract does.
 */
export const customerRecordInputSchema = z.object(customerBodyShape).superRefine((input, context) => {
  if (input.type === undefined) return;
  const problem = documentProblem(input.type, input.document);
  if (problem) context.addIssue({ code: 'custom', path: ['document'], message: problem });
});

/** A file line: the only editable field is its name; the bytes go with the create. */
export const customerFileInputSchema = z.object({
  name: requiredText(TEXT_LIMITS.line, CUSTOMER_MESSAGES.fileNamesRequired, { tooLong: CUSTOMER_MESSAGES.textTooLong }),
});

export const customers = defineResource({
  name: 'customers',
  read: READ_ACCESS.customers,
  label: 'Cliente',
  paths: {
    list: 'api/customer/all/{skip}/{take}',
    create: 'api/customer',
    update: 'api/customer/{id}',
    delete: 'api/customer/{id}',
  },
  schema: customerRecordSchema,
  input: customerRecordInputSchema,
  embedded: ['addresses', 'files'],
  searchable: ['name', 'email', 'document', 'phone'],
  fieldLabels: {
    name: 'Nome',
    type: 'Tipo',
    document: 'CPF/CNPJ',
    email: 'E-mail',
    phone: 'Telefone',
    comment: 'Observações',
    contact: 'Contato',
  },
});

/** An address's field labels: the form's, and those the sync page shows for a change or a conflict. */
export const ADDRESS_FIELD_LABELS = {
  label: 'Etiqueta',
  zipcode: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  address2: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
  country: 'País',
} as const;

export const customerAddresses = defineResource({
  name: 'customer_addresses',
  label: 'Endereço do cliente',
  paths: {
    create: 'api/customer/{parentId}/address',
    update: 'api/customer/{parentId}/address/{id}',
    delete: 'api/customer/{parentId}/address/{id}',
  },
  schema: addressSchema,
  input: addressInputSchema,
  parent: { field: 'customer_id', keyField: 'customer_key', resource: 'customers', onDelete: 'cascade', embeddedAs: 'addresses' },
  searchable: ['label'],
  fieldLabels: ADDRESS_FIELD_LABELS,
  title: (record) => String(record.label ?? ''),
});

export const customerFiles = defineResource({
  name: 'customer_files',
  label: 'Arquivo do cliente',
  paths: {
    create: 'api/customer/{parentId}/file',
    // Files are never renamed (the spec has no such call); an update would be refused.
    update: 'api/customer/{parentId}/file/{id}',
    delete: 'api/customer/{parentId}/file/{id}',
  },
  schema: customerFileSchema,
  input: customerFileInputSchema,
  parent: { field: 'customer_id', keyField: 'customer_key', resource: 'customers', onDelete: 'cascade', embeddedAs: 'files' },
  searchable: ['name', 'original_name'],
  fieldLabels: { name: 'Nome' },
  upload: {
    fileField: 'file',
    downloadPath: (record) => (record.file as { download_url?: string | null } | null)?.download_url ?? null,
  },
});

export const CUSTOMER_RESOURCES = [customers, customerAddresses, customerFiles] as const;
