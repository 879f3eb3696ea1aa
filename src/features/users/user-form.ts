/**
 * The user form as a schema: the contract's create or update fields (spec
 * section 5: name and username required, e-mail required and valid,
 * password required on create, confirmation required and equal 'As senhas
 * não são iguais'), over values as the inputs hold them (the phone masked,
 * type and role as the selects' texts). Its output is what the server
 * checks again; bad input gives the messages at the fields and keeps every
 * value typed. The council group (issue 28) is sent only when it is shown
 * (not for a customer-type role).
 */
import { ADMIN_USER_TYPE_ID, GENERAL_USER_TYPE_ID } from '@sync/contract/modules';
import type { LocalUser } from '@sync/react';
import { maskPhone } from '@/domain/masks';
import { councilBody, councilValues, type CouncilValues, type FormValue } from '@/entities/user';

export interface UserFormValues extends CouncilValues {
  name: string;
  position: string;
  registration_code: string;
  email: string;
  phone: string;
  username: string;
  /** The select's value: the type id as text. */
  user_type_id: string;
  /** The select's value: the role id as text, or null (administrators have none). */
  role_id: string | null;
  password: string;
  password_confirmation: string;
  send_password: boolean;
}

export function userFormValues(user?: LocalUser): UserFormValues {
  return {
    name: user?.name ?? '',
    position: user?.settings.position ?? '',
    registration_code: user?.settings.registration_code ?? '',
    ...councilValues(user?.settings),
    email: user?.email ?? '',
    phone: maskPhone(user?.phone ?? ''),
    username: user?.username ?? '',
    user_type_id: String(user?.settings.user_type_id ?? GENERAL_USER_TYPE_ID),
    role_id: user?.settings.role_id != null ? String(user.settings.role_id) : null,
    password: '',
    password_confirmation: '',
    // Spec: 'send password by e-mail' is on for a new user.
    send_password: user === undefined,
  };
}

export function isAdminType(values: { user_type_id: string }): boolean {
  return Number(values.user_type_id) === ADMIN_USER_TYPE_ID;
}

/** The form-data fields of a save: what was typed, an administrator without a role, the council group when shown. */
export function userFormFields(values: UserFormValues, councilShown: boolean): Record<string, FormValue> {
  return {
    name: values.name,
    position: values.position,
    registration_code: values.registration_code,
    ...councilBody(values, councilShown),
    email: values.email,
    phone: values.phone,
    username: values.username,
    user_type_id: values.user_type_id,
    role_id: isAdminType(values) ? null : values.role_id,
    password: values.password,
    password_confirmation: values.password_confirmation,
    send_password: values.send_password,
  };
}
