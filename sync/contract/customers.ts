/**
 * Customers on the wire (spec core-administration.md sections 3, 5, 7, 8):
 * the customer with its contact, addresses and files, the write bodies with
 * the spec's validation messages, and the file limits both sides apply.
 *
 * Normal forms (what the server stores and answers):
 * - `document`: CPF as 11 digits, CNPJ as 14 characters (digits, or the
 *   alphanumeric base of IN RFB 2.229/2024, uppercased), without the mask;
 *   masked input is accepted. The screens mask it for display (maskDocument).
 * - `phone` and `zipcode`: digits only; masked input is accepted.
 * - names and other texts: as typed, trimmed (capitalisation is a UI rule);
 *   one line, except the comment and the e-mail message (sync/contract/fields.ts).
 *
 * Derived fields the server computes: `address` (street + ', ' + number),
 * `contact_name`, `f_created_at` (DD/MM/YYYY, Brasília time) and each
 * file's `download_url`.
 */
import { z } from 'zod';
import { isValidCnpj, isValidCpf } from '@/domain/documents';
import { onlyDigits } from '@/domain/masks';
import { idSchema, requiredText, text, TEXT_LIMITS, tooLongMessage, trimmedText } from './fields';
import { syncFieldsSchema } from './sync';

export const CUSTOMER_TYPES = ['individual', 'corporate'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const DEFAULT_ADDRESS_LABELS = { first: 'Endereço Principal', other: 'Novo Endereço' } as const;
export const DEFAULT_COUNTRY = 'BR';

/** The 27 federative units, by two-letter code (the address form's state select). */
export const BRAZILIAN_STATES = [
  { code: 'AC', name: 'Acre' },
  { code: 'AL', name: 'Alagoas' },
  { code: 'AP', name: 'Amapá' },
  { code: 'AM', name: 'Amazonas' },
  { code: 'BA', name: 'Bahia' },
  { code: 'CE', name: 'Ceará' },
  { code: 'DF', name: 'Distrito Federal' },
  { code: 'ES', name: 'Espírito Santo' },
  { code: 'GO', name: 'Goiás' },
  { code: 'MA', name: 'Maranhão' },
  { code: 'MT', name: 'Mato Grosso' },
  { code: 'MS', name: 'Mato Grosso do Sul' },
  { code: 'MG', name: 'Minas Gerais' },
  { code: 'PA', name: 'Pará' },
  { code: 'PB', name: 'Paraíba' },
  { code: 'PR', name: 'Paraná' },
  { code: 'PE', name: 'Pernambuco' },
  { code: 'PI', name: 'Piauí' },
  { code: 'RJ', name: 'Rio de Janeiro' },
  { code: 'RN', name: 'Rio Grande do Norte' },
  { code: 'RS', name: 'Rio Grande do Sul' },
  { code: 'RO', name: 'Rondônia' },
  { code: 'RR', name: 'Roraima' },
  { code: 'SC', name: 'Santa Catarina' },
  { code: 'SP', name: 'São Paulo' },
  { code: 'SE', name: 'Sergipe' },
  { code: 'TO', name: 'Tocantins' },
] as const;
export const STATE_CODES: readonly string[] = BRAZILIAN_STATES.map((s) => s.code);

export const CUSTOMER_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  emailRequired: 'E-mail é obrigatório',
  emailInvalid: 'E-mail é inválido',
  phoneRequired: 'Telefone é obrigatório',
  phoneInvalid: 'Telefone inválido',
  cpfInvalid: 'CPF inválido',
  cnpjInvalid: 'CNPJ inválido',
  zipcodeInvalid: 'CEP inválido',
  stateInvalid: 'Estado inválido',
  textTooLong: 'Texto muito longo',
  addressEmpty: 'Preencha pelo menos um campo do endereço (nome, CEP, rua, número, bairro, cidade ou estado).',
  notFound: 'Cliente não encontrado.',
  addressNotFound: 'Endereço não encontrado.',
  contactNotFound: 'Contato não encontrado.',
  fileNotFound: 'Arquivo não encontrado.',
  fileBytesMissing: 'O conteúdo deste arquivo não está disponível no servidor.',
  fileNamesRequired: 'Preencha os nomes obrigatórios dos arquivos',
  fileNameInvalid: 'Nome de arquivo inválido.',
  fileRequired: 'Selecione um arquivo para enviar.',
  fileEmpty: 'O arquivo está vazio.',
  oneFilePerRequest: 'Envie um arquivo por vez.',
  multipartRequired: 'Envie o arquivo como multipart/form-data, com os campos file e name.',
  noFileSelected: 'Nenhum arquivo selecionado',
  zipTooLarge: 'Os arquivos selecionados são grandes demais para um único zip; baixe-os em partes.',
  notificationSent: 'Notificação de novos arquivos enviada com sucesso',
  notificationFailed: 'Não foi possível enviar o e-mail agora. Tente novamente mais tarde.',
} as const;

/** 413 text for a file above the limit; the limit in MB (decimal comma). */
export function fileTooLargeMessage(limitMb: number): string {
  return `Arquivo maior que o limite de ${String(limitMb).replace('.', ',')} MB.`;
}

/** 415 text for a file type outside the allow-list. */
export function fileTypeNotAllowedMessage(type: string): string {
  return `Tipo de arquivo não permitido: ${type}`;
}

/* ---------- files: limits and allowed types ---------- */

/**
 * Size limit per file, in MB of 1024 × 1024 bytes (spec section 9: "Upload
 * limit setting: 5"; the unit is Dropzone's, MiB). The server's limit comes
 * from UPLOAD_LIMIT_MB and is stated in its 413 message; this default lets
 * the screens refuse a file early.
 */
export const DEFAULT_UPLOAD_LIMIT_MB = 5;

/**
 * The file types customers' files may have, by MIME type, with the
 * extensions that name them: images, PDF, office documents (Microsoft and
 * OpenDocument), text and CSV, zip. SVG and HTML are left out on purpose
 * (they can carry scripts).
 */
export const ALLOWED_FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/heic': ['heic'],
  'image/heif': ['heif'],
  'image/bmp': ['bmp'],
  'image/tiff': ['tif', 'tiff'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/rtf': ['rtf'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
  'application/zip': ['zip'],
};

/** Other names browsers and systems give the allowed types. */
export const FILE_TYPE_ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'text/rtf': 'application/rtf',
  'application/x-zip-compressed': 'application/zip',
  'application/x-zip': 'application/zip',
  'application/csv': 'text/csv',
  'application/vnd.ms-excel.sheet.macroenabled.12': 'application/vnd.ms-excel',
};

/** MIME types that say nothing about the content; the extension decides then. */
export const GENERIC_FILE_TYPES: readonly string[] = ['', 'application/octet-stream', 'binary/octet-stream'];

/**
 * The allowed MIME type of a file, from its declared type or, when that is
 * generic, its extension; null when the file is not allowed.
 */
export function allowedFileType(declaredType: string | null | undefined, fileName: string | null | undefined): string | null {
  const declared = (declaredType ?? '').split(';')[0]!.trim().toLowerCase();
  const canonical = FILE_TYPE_ALIASES[declared] ?? declared;
  if (ALLOWED_FILE_TYPES[canonical]) return canonical;
  if (!GENERIC_FILE_TYPES.includes(declared)) return null;
  const extension = /\.([a-z0-9]{1,10})$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (!extension) return null;
  return Object.keys(ALLOWED_FILE_TYPES).find((type) => ALLOWED_FILE_TYPES[type]!.includes(extension)) ?? null;
}

/* ---------- field schemas ---------- */

const id = idSchema;
const MAX_TEXT = TEXT_LIMITS.line;
const tooLong = { tooLong: CUSTOMER_MESSAGES.textTooLong };

/** Optional text: trimmed, blank or null clears it, absent keeps it (PUT); one line unless `multiline` (the comment). */
const optionalText = (max: number = MAX_TEXT, multiline = false) => trimmedText(max, { ...tooLong, multiline }).nullish();

const requiredName = requiredText(MAX_TEXT, CUSTOMER_MESSAGES.nameRequired, tooLong);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = trimmedText(TEXT_LIMITS.email, tooLong).regex(EMAIL_PATTERN, CUSTOMER_MESSAGES.emailInvalid);

const requiredEmail = z
  .string({ error: CUSTOMER_MESSAGES.emailRequired })
  .trim()
  .min(1, { message: CUSTOMER_MESSAGES.emailRequired, abort: true })
  .pipe(email);

/** A Brazilian phone: 10 or 11 digits once the mask is removed. */
const phoneDigits = text(TEXT_LIMITS.phone, tooLong)
  .transform((text) => onlyDigits(text))
  .refine((digits) => digits.length === 10 || digits.length === 11, CUSTOMER_MESSAGES.phoneInvalid);

const requiredPhone = z
  .string({ error: CUSTOMER_MESSAGES.phoneRequired })
  .max(TEXT_LIMITS.phone, tooLongMessage(TEXT_LIMITS.phone))
  .trim()
  .min(1, { message: CUSTOMER_MESSAGES.phoneRequired, abort: true })
  .pipe(phoneDigits);

/** Optional e-mail or phone: blank or null clears it; a value must be valid. */
const optionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((text) => (text === '' ? null : text))
  .pipe(email.nullish());
const optionalPhone = z
  .string()
  .trim()
  .nullish()
  .transform((text) => (text === '' ? null : text))
  .pipe(phoneDigits.nullish());

/** CPF/CNPJ without its mask: '123.456.789-09' → '12345678909', letters uppercased. */
export function normalizeDocument(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

/** The document's message when it does not fit the customer type, or null when it does (or is empty). */
export function documentProblem(type: CustomerType, document: string | null | undefined): string | null {
  if (document === null || document === undefined || document === '') return null;
  if (type === 'corporate') return isValidCnpj(document) ? null : CUSTOMER_MESSAGES.cnpjInvalid;
  return isValidCpf(document) ? null : CUSTOMER_MESSAGES.cpfInvalid;
}

const documentField = text(TEXT_LIMITS.document, tooLong)
  .nullish()
  .transform((text) => (text === null || text === undefined ? text : normalizeDocument(text) || null));

const zipcodeField = text(TEXT_LIMITS.zipcode, tooLong)
  .nullish()
  .transform((text) => (text === null || text === undefined ? text : onlyDigits(text) || null))
  .refine((digits) => digits === null || digits === undefined || digits.length === 8, CUSTOMER_MESSAGES.zipcodeInvalid);

const stateField = trimmedText(MAX_TEXT, tooLong)
  .nullish()
  .transform((text) => (text === null || text === undefined ? text : text.toUpperCase() || null))
  .refine((code) => code === null || code === undefined || STATE_CODES.includes(code), CUSTOMER_MESSAGES.stateInvalid);

/* ---------- contact ---------- */

export const contactSchema = z
  .object({ id, customer_id: id, name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() })
  .extend(syncFieldsSchema.shape);
export type Contact = z.infer<typeof contactSchema>;

/** The contact inside a customer's body: every field optional (all blank = no contact). */
export const customerContactInputSchema = z.object({
  name: optionalText(),
  email: optionalEmail,
  phone: optionalPhone,
});

/** `POST api/customer/{id}/contact`, `PUT api/customer/{id}/contact/{contactId}`. */
export const contactInputSchema = customerContactInputSchema.extend({ name: requiredName });
export type ContactInput = z.input<typeof contactInputSchema>;

/* ---------- address ---------- */

/** The fields that make an address something a person filled (the country alone, 'BR' by default, does not). */
export const ADDRESS_CONTENT_FIELDS = ['label', 'zipcode', 'street', 'number', 'address2', 'district', 'city', 'state'] as const;

/** True when at least one content field holds text: `{}`, unknown keys only or blanks only make no address. */
export function addressHasContent(address: Partial<Record<(typeof ADDRESS_CONTENT_FIELDS)[number], unknown>>): boolean {
  return ADDRESS_CONTENT_FIELDS.some((field) => {
    const value = address[field];
    return typeof value === 'string' && value.trim() !== '';
  });
}

export const addressSchema = z
  .object({
    id,
    customer_id: id,
    label: z.string(),
    zipcode: z.string().nullable(),
    street: z.string().nullable(),
    number: z.string().nullable(),
    /** street + ', ' + number (either alone when the other is empty). */
    address: z.string(),
    address2: z.string().nullable(),
    district: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string(),
  })
  .extend(syncFieldsSchema.shape);
export type Address = z.infer<typeof addressSchema>;

/**
 * `POST api/customer/{id}/address`, `PUT api/customer/{id}/address/{addressId}`.
 * Without a label the first address is 'Endereço Principal' and later ones
 * 'Novo Endereço'; without a country, 'BR'.
 */
const addressFieldsSchema = z.object({
  label: optionalText(),
  zipcode: zipcodeField,
  street: optionalText(),
  number: optionalText(40),
  address2: optionalText(),
  district: optionalText(),
  city: optionalText(),
  state: stateField,
  country: optionalText(60),
});

/** A whole address (a create, the customer's `addresses`, the device's record): it must have content. */
export const addressInputSchema = addressFieldsSchema.refine(addressHasContent, CUSTOMER_MESSAGES.addressEmpty);

/**
 * `PUT`: the fields to change; absent ones keep their stored values, and
 * the stored label always remains, so an update cannot empty an address.
 */
export const addressUpdateInputSchema = addressFieldsSchema;
export type AddressInput = z.input<typeof addressInputSchema>;

/* ---------- files ---------- */

export const customerFileSchema = z
  .object({
    id,
    customer_id: id,
    /** The stored file (the bytes); the same for as long as the attachment exists. */
    file_id: id,
    /** The name shown and used for downloads (the original extension is added when missing). */
    name: z.string(),
    /** The file name the device sent, without any folder. */
    original_name: z.string(),
    file: z.object({
      type: z.string(),
      /** Relative to the API base, like every path of the spec; needs the bearer token. */
      download_url: z.string(),
    }),
    size: z.number().int().nonnegative(),
    /** SHA-256 of the bytes, hex; lets a device check what it uploaded. */
    sha256: z.string(),
  })
  .extend(syncFieldsSchema.shape);
export type CustomerFile = z.infer<typeof customerFileSchema>;

/** @public Form fields of `POST api/customer/{id}/file` besides the file itself. */
export const CUSTOMER_FILE_FIELDS = { file: 'file', name: 'name' } as const;

/** Direction overrides and zero-width marks, which can disguise a name ('foto\u202Efdp.exe'). */
const INVISIBLE_CHARACTERS = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A file's display name (the upload's `name` field, and the rename body):
 * required and not blank, no control characters, not just dots, at most
 * 255 characters. Slashes are allowed ("Laudo 03/2026"): the name is never a
 * path, and downloads replace them.
 */
export const fileDisplayNameSchema = z
  .string({ error: CUSTOMER_MESSAGES.fileNamesRequired })
  // A guard before the clean-up: the name's own maximum is the one said.
  .max(TEXT_LIMITS.note, { message: tooLongMessage(MAX_TEXT), abort: true })
  .transform((text) => text.replace(INVISIBLE_CHARACTERS, '').trim())
  .pipe(
    z
      .string()
      .min(1, { message: CUSTOMER_MESSAGES.fileNamesRequired, abort: true })
      .max(MAX_TEXT, { message: tooLongMessage(MAX_TEXT), abort: true })
      .refine((text) => !/[\u0000-\u001f\u007f]/.test(text) && !/^\.+$/.test(text), CUSTOMER_MESSAGES.fileNameInvalid),
  );

/** `PUT api/customer/{id}/file/{fileId}`: renames a file (an extension of the documented calls). */
export const customerFileInputSchema = z.object({ name: fileDisplayNameSchema });

/** `POST api/customer/{customerId}/files/download-multiple`. */
export const downloadMultipleInputSchema = z.object({
  file_ids: z.array(id, { error: CUSTOMER_MESSAGES.noFileSelected }).min(1, CUSTOMER_MESSAGES.noFileSelected).max(1000),
});

/** Name of the zip of several files: arquivos_{YYYY-MM-DD}.zip (Brasília date). */
export function zipFileName(isoDate: string): string {
  return `arquivos_${isoDate}.zip`;
}

/* ---------- customer ---------- */

export const customerSchema = z
  .object({
    id,
    name: z.string(),
    type: z.enum(CUSTOMER_TYPES),
    document: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    comment: z.string().nullable(),
    contact: contactSchema.nullable(),
    contact_name: z.string().nullable(),
    addresses: z.array(addressSchema),
    /** created_at as DD/MM/YYYY in Brasília time ('Cliente desde'). */
    f_created_at: z.string(),
    files: z.array(customerFileSchema),
  })
  .extend(syncFieldsSchema.shape);
export type Customer = z.infer<typeof customerSchema>;

/**
 * `POST api/customer`, `PUT api/customer/{id}`. The document is checked
 * against the type sent (a PUT without `type` is checked against the stored
 * type by the server). Extensions of the documented calls, so a customer
 * saved offline goes in one request:
 * - `contact`: the customer's contact (an object creates or updates it,
 *   all-blank or null removes it, absent leaves it);
 * - `addresses`: on POST only, the addresses created with the customer (on
 *   PUT they are ignored: addresses change through their own calls).
 */
export const customerInputSchema = z
  .object({
    name: requiredName,
    type: z.enum(CUSTOMER_TYPES).optional(),
    document: documentField,
    email: requiredEmail,
    phone: requiredPhone,
    comment: optionalText(5000, true),
    contact: customerContactInputSchema.nullish(),
    addresses: z.array(addressInputSchema).max(50).optional(),
  })
  .superRefine((input, context) => {
    if (input.type === undefined) return;
    const problem = documentProblem(input.type, input.document);
    if (problem) context.addIssue({ code: 'custom', path: ['document'], message: problem });
  });
export type CustomerInput = z.input<typeof customerInputSchema>;

/** `POST api/customer/{customerId}/send/email`: the message (the template when blank) and the recipient (the customer's e-mail when blank). */
export const sendFilesEmailInputSchema = z.object({
  message: text(TEXT_LIMITS.message, { ...tooLong, multiline: true }).nullish(),
  email: optionalEmail,
});
export const messageResponseSchema = z.object({ message: z.string() });
