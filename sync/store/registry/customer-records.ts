/**
 * The customer records as the screens read them from the local store (see
 * catalog-records.ts for the conventions): wire fields, the local key and
 * the server id, lines linked to their customer by local key. The contact
 * is kept as name, e-mail and phone (customers.ts). Server-made fields
 * (`f_created_at`, `contact_name`, a file's `download_url`, `sha256`) are
 * null on a record created here until the server answers.
 *
 * The types join `ResourceRecordMap` by interface merging, so the hooks of
 * sync/react type customers like every other resource.
 */
import type { Address, Customer, CustomerFile } from '@sync/contract/customers';
import type { LocalRecordBase } from './catalog-records';

export interface LocalContact {
  name: string | null;
  email: string | null;
  phone: string | null;
}

export type LocalCustomer = LocalRecordBase &
  Omit<Customer, 'id' | 'created_at' | 'updated_at' | 'contact' | 'addresses' | 'files' | 'f_created_at' | 'contact_name'> & {
    contact: LocalContact | null;
    /** 'Cliente desde' (DD/MM/YYYY) as the server wrote it; null before the first push. */
    f_created_at: string | null;
    contact_name: string | null;
    /** When the record was created on this device (ISO), for 'Cliente desde' before the server answers. */
    _local_at?: string;
  };

export type LocalCustomerAddress = LocalRecordBase &
  Omit<Address, 'id' | 'created_at' | 'updated_at' | 'customer_id' | 'address' | 'label' | 'country'> & {
    customer_key: string;
    customer_id: number | null;
    label: string | null;
    country: string | null;
    /** street + ', ' + number, as the server writes it (null before the first push). */
    address: string | null;
  };

export type LocalCustomerFile = LocalRecordBase &
  Omit<CustomerFile, 'id' | 'created_at' | 'updated_at' | 'customer_id' | 'file_id' | 'file' | 'sha256'> & {
    customer_key: string;
    customer_id: number | null;
    file_id: number | null;
    /** The type, and the server's download path once uploaded. */
    file: { type: string; download_url: string | null } | null;
    sha256: string | null;
  };

declare module './catalog-records' {
  interface ResourceRecordMap {
    customers: LocalCustomer;
    customer_addresses: LocalCustomerAddress;
    customer_files: LocalCustomerFile;
  }
}
