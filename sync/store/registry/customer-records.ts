/**
 * The customer records as the screens read them from the local store,
 * derived from the definitions (customers.ts; see local-record-types.ts):
 * wire fields, the local key and the server id, lines linked to their
 * customer by local key. The contact is kept as name, e-mail and phone
 * (customers.ts's record schema).
 */
import type { customerAddresses, customerFiles, customers } from './customers';
import type { LocalRecordOf, NullUntilPushed } from './local-record-types';

/** 'Cliente desde' (DD/MM/YYYY) and the contact's name are the server's: null before the first push. */
export type LocalCustomer = NullUntilPushed<LocalRecordOf<typeof customers>, 'f_created_at' | 'contact_name'>;

/**
 * `address` (street + ', ' + number) is the server's; a save may leave out
 * the label and the country, which the server fills ('Endereço Principal', 'BR').
 */
export type LocalCustomerAddress = NullUntilPushed<LocalRecordOf<typeof customerAddresses>, 'address' | 'label' | 'country'>;

/** The stored file's id and hash, and its download path, are the server's once the bytes are uploaded. */
export type LocalCustomerFile = NullUntilPushed<Omit<LocalRecordOf<typeof customerFiles>, 'file'>, 'file_id' | 'sha256'> & {
  /** The type, and the server's download path once uploaded. */
  file: NullUntilPushed<LocalRecordOf<typeof customerFiles>['file'], 'download_url'> | null;
};

declare module './local-record-types' {
  interface LocalRecordRefinements {
    customers: LocalCustomer;
    customer_addresses: LocalCustomerAddress;
    customer_files: LocalCustomerFile;
  }
}
