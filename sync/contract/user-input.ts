/**
 * Writing users (spec sections 5 and 7): the fields of `POST api/user`
 * (create) and `POST api/user/{id}` (update), both sent as form data with
 * an optional `image`; the profile call `POST api/user/profile` (an
 * extension: the current user's own name, e-mail, phone, image and
 * password, with the old password); and the user-customer links
 * (`POST api/user-customers/` with user_id and customer_id).
 *
 * Form data carries every value as text, so ids and booleans are read from
 * text here ('2' → 2, '' → none, 'true'/'1'/'on' → true); a JSON body with
 * real numbers and booleans passes the same schemas. The spec's Portuguese
 * messages are the ones the server answers and the screens show.
 */
import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from './auth';
import { idSchema, MAX_ID, requiredText, TEXT_LIMITS, text, trimmedText } from './fields';
import { STATE_CODES } from './customers';
import { currentUserSchema } from './user';
import { userRecordSchema } from './user-list';

export const USER_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  usernameRequired: 'Usuário é obrigatório',
  emailRequired: 'E-mail é obrigatório',
  emailInvalid: 'E-mail é inválido',
  passwordRequired: 'Senha é obrigatória',
  confirmationRequired: 'Confirme a senha',
  passwordsDiffer: 'As senhas não são iguais',
  passwordTooShort: AUTH_MESSAGES.passwordTooShort,
  oldPasswordRequired: 'Digite sua senha atual',
  oldPasswordWrong: 'A senha atual está incorreta.',
  phoneRequired: 'Telefone é obrigatório',
  phoneNumeric: 'Telefone deve conter apenas números',
  emailTaken: 'Este e-mail já está em uso.',
  usernameTaken: 'Este usuário já está em uso.',
  unknownType: 'Tipo de usuário inválido.',
  unknownRole: 'Departamento inválido.',
  notFound: 'Usuário não encontrado.',
  saved: 'Usuário salvo com sucesso',
  profileSaved: 'Perfil salvo com sucesso',
  deleted: 'Usuário deletado com sucesso',
  ownAccess: 'Você não pode alterar o próprio tipo de usuário ou departamento.',
  ownDelete: 'Você não pode deletar o próprio usuário.',
  adminsOnly: 'Somente administradores podem criar, alterar ou deletar administradores.',
  imageType: 'Você não pode enviar arquivos desse tipo.',
  imageUnreadable: 'Não foi possível ler a imagem enviada.',
  selectCustomer: 'Selecione um cliente',
  customerAlreadyAdded: 'Cliente já foi adicionado',
  customerAdded: 'Cliente adicionado com sucesso',
  customerRemoved: 'Cliente removido com sucesso',
  customerNotFound: 'Cliente não encontrado.',
  linkNotFound: 'Este cliente não está vinculado ao usuário.',
  notCustomerUser: 'Somente usuários do departamento Cliente têm clientes vinculados.',
  councilTypeInvalid: 'Tipo de conselho inválido.',
  councilUfInvalid: 'UF do conselho inválida.',
  councilIncomplete: 'Preencha o tipo, o número e a UF do conselho, ou deixe os três em branco.',
} as const;

/** Professional councils whose members sign reports (issue 28): who may review and approve samples. */
export const COUNCIL_TYPES = ['CREA', 'CRM', 'Outro'] as const;
export const COUNCIL_FIELDS = ['council_type', 'council_number', 'council_uf'] as const;

/** The multipart field of the image (images only; the server re-encodes it to JPEG). */
export const USER_IMAGE_FIELD = 'image';

/** `api/user/profile`: the current user's own data (extension; see docs/decisions). */
export const PROFILE_PATH = 'api/user/profile';

/* ---------- values as form data sends them ---------- */

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** An id from text or a number; blank is absent. */
const formId = z.preprocess((value) => (blank(value) ? undefined : typeof value === 'string' ? Number(value.trim()) : value), idSchema);

/** An id or none: blank or 'null' clears it. */
const formIdOrNull = z.preprocess(
  (value) => (blank(value) || value === 'null' ? null : typeof value === 'string' ? Number(value.trim()) : value),
  idSchema.nullable(),
);

const TRUE_TEXTS = new Set(['true', '1', 'on', 'yes']);
const FALSE_TEXTS = new Set(['false', '0', 'off', 'no', '']);

/** A switch from text or a boolean. */
const formBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const lower = value.trim().toLowerCase();
  return TRUE_TEXTS.has(lower) ? true : FALSE_TEXTS.has(lower) ? false : value;
}, z.boolean());

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredEmail = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .min(1, USER_MESSAGES.emailRequired)
  .pipe(trimmedText(TEXT_LIMITS.email).regex(EMAIL_PATTERN, USER_MESSAGES.emailInvalid));

/** Optional text: blank becomes null. */
const optionalLine = z
  .string()
  .nullish()
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))
  .pipe(trimmedText(TEXT_LIMITS.line).nullable());

/** The users form's phone: masked or not, kept as its digits; blank is none. */
const optionalPhone = z
  .string()
  .nullish()
  .transform((value) => (value ?? '').replace(/\D/g, ''))
  .pipe(text(TEXT_LIMITS.phone))
  .transform((digits) => (digits === '' ? null : digits));

/** A password field: blank is absent (an update keeps the password); line breaks allowed, as at sign-in. */
const optionalPassword = z
  .string()
  .nullish()
  .transform((value) => (value == null || value === '' ? undefined : value))
  .pipe(text(TEXT_LIMITS.password, { multiline: true }).optional());

type PasswordFields = { password?: string; password_confirmation?: string };

/** Spec section 5: password required (when `required`), confirmation required and equal. */
function checkPasswords(value: PasswordFields, context: z.RefinementCtx, required: boolean) {
  if (value.password === undefined) {
    if (required) context.addIssue({ code: 'custom', path: ['password'], message: USER_MESSAGES.passwordRequired });
    return;
  }
  if (value.password.length < PASSWORD_MIN_LENGTH) {
    context.addIssue({ code: 'custom', path: ['password'], message: USER_MESSAGES.passwordTooShort });
  }
  if (value.password_confirmation === undefined) {
    context.addIssue({ code: 'custom', path: ['password_confirmation'], message: USER_MESSAGES.confirmationRequired });
  } else if (value.password_confirmation !== value.password) {
    context.addIssue({ code: 'custom', path: ['password_confirmation'], message: USER_MESSAGES.passwordsDiffer });
  }
}

/* ---------- users ---------- */

/** The fields of a user as the users form sends them (spec section 3, User). */
export const userFieldsSchema = z.object({
  name: requiredText(TEXT_LIMITS.line, USER_MESSAGES.nameRequired),
  username: requiredText(TEXT_LIMITS.line, USER_MESSAGES.usernameRequired),
  email: requiredEmail,
  phone: optionalPhone,
  position: optionalLine,
  registration_code: optionalLine,
  /** Professional council (issue 28): type, number and UF, all three or none (checked below). */
  council_type: optionalLine
    .refine((v) => v === null || (COUNCIL_TYPES as readonly string[]).includes(v), USER_MESSAGES.councilTypeInvalid)
    .optional(),
  council_number: optionalLine.optional(),
  council_uf: optionalLine.refine((v) => v === null || STATE_CODES.includes(v), USER_MESSAGES.councilUfInvalid).optional(),
  /** Default 2 (spec section 9). */
  user_type_id: formId.optional(),
  /** Administrators have none. */
  role_id: formIdOrNull.optional(),
  password: optionalPassword,
  password_confirmation: optionalPassword,
  /** E-mail the new password to the user (default on for a new user, on the screen). */
  send_password: formBoolean.optional(),
  store_activated: formBoolean.optional(),
});

/**
 * The password rules run even when another field failed (`when`), so a
 * form shows every message at once; the value's password fields are read
 * defensively then, as a failed field may not be parsed.
 */
function passwordsOf(value: unknown): PasswordFields {
  const record = (value ?? {}) as Record<string, unknown>;
  const read = (field: unknown) => (typeof field === 'string' && field !== '' ? field : undefined);
  return { password: read(record.password), password_confirmation: read(record.password_confirmation) };
}

const passwordsParsed = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

/** Council data: all three fields or none (a half-filled council cannot sign). */
function checkCouncil(value: unknown, context: z.RefinementCtx) {
  const record = (value ?? {}) as Record<string, unknown>;
  const filled = COUNCIL_FIELDS.filter((field) => typeof record[field] === 'string' && (record[field] as string).trim() !== '');
  if (filled.length > 0 && filled.length < COUNCIL_FIELDS.length) {
    const missing = COUNCIL_FIELDS.find((field) => !filled.includes(field))!;
    context.addIssue({ code: 'custom', path: [missing], message: USER_MESSAGES.councilIncomplete });
  }
}

export const userCreateSchema = userFieldsSchema.check(
  z.superRefine((value, context) => checkPasswords(passwordsOf(value), context, true), { when: passwordsParsed }),
  z.superRefine(checkCouncil, { when: passwordsParsed }),
);
export const userUpdateSchema = userFieldsSchema.check(
  z.superRefine((value, context) => checkPasswords(passwordsOf(value), context, false), { when: passwordsParsed }),
  z.superRefine(checkCouncil, { when: passwordsParsed }),
);
export type UserInput = z.output<typeof userFieldsSchema>;

/** Answer of a create or update: the server's message ('Usuário salvo com sucesso') and the user. */
export const userSaveResponseSchema = z.object({ message: z.string(), user: userRecordSchema });
export type UserSaveResponse = z.infer<typeof userSaveResponseSchema>;

/* ---------- profile ---------- */

/** Spec section 5, Profile: name required, phone required and numeric, store_activated required boolean. */
export const profileFieldsSchema = z.object({
  name: requiredText(TEXT_LIMITS.line, USER_MESSAGES.nameRequired),
  email: requiredEmail,
  phone: z
    .string({ error: USER_MESSAGES.phoneRequired })
    .trim()
    .min(1, { message: USER_MESSAGES.phoneRequired, abort: true })
    .max(TEXT_LIMITS.phone)
    .regex(/^\d+$/, USER_MESSAGES.phoneNumeric),
  store_activated: formBoolean,
  /** The council data a reviewer needs (issue 28): one's own, on the profile too. */
  council_type: userFieldsSchema.shape.council_type,
  council_number: userFieldsSchema.shape.council_number,
  council_uf: userFieldsSchema.shape.council_uf,
  old_password: optionalPassword,
  password: optionalPassword,
  password_confirmation: optionalPassword,
});

export const profileInputSchema = profileFieldsSchema.superRefine((value, context) => {
  checkPasswords(value, context, false);
  checkCouncil(value, context);
  if (value.password !== undefined && value.old_password === undefined) {
    context.addIssue({ code: 'custom', path: ['old_password'], message: USER_MESSAGES.oldPasswordRequired });
  }
});
export type ProfileInput = z.output<typeof profileInputSchema>;

export const profileSaveResponseSchema = z.object({ message: z.string(), user: currentUserSchema });

/* ---------- user-customer links ---------- */

export const userCustomerInputSchema = z.object({
  user_id: formId,
  customer_id: z.preprocess(
    (value) => (blank(value) ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
    z.number({ error: USER_MESSAGES.selectCustomer }).int(USER_MESSAGES.selectCustomer).positive(USER_MESSAGES.selectCustomer).max(MAX_ID),
  ),
});

export const messageAnswerSchema = z.object({ message: z.string() });
