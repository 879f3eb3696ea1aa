/**
 * Shared pieces of the quotation server tests: a valid body with nested
 * lines whose totals are known (R$ 1.234,56 in the rows and lines below).
 */
import type { Quotation } from '@sync/contract/quotations';
import type { Api } from '../catalog/support';
import { ok } from '../catalog/support';

/** 2 × 300,00 + 1 × 150,50 (agents) + 3 × 100,00 (service) + 1 × 184,06 (cost) = 1.234,56. */
export function validQuotation(customerId: number, overrides: Record<string, unknown> = {}) {
  return {
    customer_id: customerId,
    valid_at: '2026-12-31',
    rows: [
      { product_id: null, name: 'Ruído contínuo', sector: 'Produção', function: 'Operador', quantity: 2, value: 300 },
      { product_id: null, name: 'Tolueno', quantity: 1, value: 150.5, exposition_type_id: 2 },
    ],
    services: [{ name: 'Avaliação quantitativa', quantity: 3, value: 100 }],
    costs: [{ name: 'Deslocamento', quantity: 1, value: 184.06 }],
    equipments: [{ name: 'Dosímetro', quantity: 2 }],
    deadlines: [{ activity: 'Campo', description: 'Medições em 5 dias úteis' }],
    discount: null,
    discount_type: 'pct',
    total: 1234.56,
    parcel: 1,
    ...overrides,
  };
}

export async function createQuotation(admin: Api, customerId: number, overrides: Record<string, unknown> = {}): Promise<Quotation> {
  return ok(await admin.post('/api/quotation', validQuotation(customerId, overrides)), 201);
}
