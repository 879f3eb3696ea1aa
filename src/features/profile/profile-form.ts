/**
 * The profile form: the contract's profile fields (spec section 5: name
 * required, phone required and numeric, store_activated a boolean; a new
 * password needs the old one and its confirmation), filled from the
 * session's current user. The council group (issue 28) is the staff's: a
 * customer-type user neither sees nor sends it.
 */
import type { z } from 'zod';
import { CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import type { profileFieldsSchema } from '@sync/contract/user-input';
import type { CurrentUser } from '@sync/contract/user';
import { councilBody, councilValues, type CouncilValues, type FormValue } from '@/entities/user';

export type ProfileValues = z.input<typeof profileFieldsSchema> &
  CouncilValues & {
    name: string;
    email: string;
    phone: string;
    store_activated: boolean;
    old_password: string;
    password: string;
    password_confirmation: string;
  };

export function profileValues(user: CurrentUser): ProfileValues {
  return {
    name: user.name,
    email: user.email,
    phone: (user.phone ?? user.settings.phone ?? '').replace(/\D/g, ''),
    store_activated: user.store_activated,
    ...councilValues(user.settings),
    old_password: '',
    password: '',
    password_confirmation: '',
  };
}

export function profileCouncilShown(user: CurrentUser): boolean {
  return user.settings.role?.slug !== CUSTOMER_ROLE_SLUG;
}

/** The form-data fields of a save: what was typed, without the council group when it is hidden. */
export function profileFields(values: ProfileValues, councilShown: boolean): Record<string, FormValue> {
  const { council_type, council_number, council_uf, ...rest } = values;
  return { ...rest, ...councilBody({ council_type, council_number, council_uf }, councilShown) };
}
