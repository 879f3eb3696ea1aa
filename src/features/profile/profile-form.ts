/**
 * The profile form: the contract's profile fields (spec section 5: name
 * required, phone required and numeric, store_activated a boolean; a new
 * password needs the old one and its confirmation), filled from the
 * session's current user.
 */
import type { z } from 'zod';
import type { profileFieldsSchema } from '@sync/contract/user-input';
import type { CurrentUser } from '@sync/contract/user';

export type ProfileValues = z.input<typeof profileFieldsSchema> & {
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
    old_password: '',
    password: '',
    password_confirmation: '',
  };
}
