/** Customers and addresses as the server sends them, for the customers screens' tests. */
import type { RecordFields } from '@sync/store/types';
import { AT } from '../server-records';

export function wireAddress(id: number, customerId: number, overrides: RecordFields = {}): RecordFields {
  return {
    id,
    customer_id: customerId,
    label: 'Endereço Principal',
    zipcode: '01310100',
    street: 'Avenida Paulista',
    number: '1000',
    address: 'Avenida Paulista, 1000',
    address2: null,
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function wireCustomer(id: number, overrides: RecordFields = {}): RecordFields {
  return {
    id,
    name: `Cliente ${id}`,
    type: 'corporate',
    document: '11222333000181',
    email: `cliente${id}@exemplo.com.br`,
    phone: '11987654321',
    comment: null,
    contact: { id: 50 + id, customer_id: id, name: 'Ana Souza', email: 'ana@exemplo.com.br', phone: '1133334444', created_at: AT, updated_at: AT },
    contact_name: 'Ana Souza',
    addresses: [],
    f_created_at: '20/11/2026',
    files: [],
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}
