/**
 * Shared steps of the sample server tests: an approved quotation's plan with
 * one noise sample, and the sample PDF as the server answers it.
 */
import type { Sample } from '@sync/contract/samples';
import { ok, type Api } from '../catalog/support';
import type { TestApp } from '../helpers/test-app';
import { createQuotation } from '../quotations/support';

const NOISE_ROWS = [{ product_id: null, name: 'Ruído contínuo', product_type_id: 3, quantity: 1, value: 300 }];

/** An approved quotation of the customer with its plan: one noise sample. */
export async function plannedNoiseSample(admin: Api, customerId: number): Promise<Sample> {
  const quotation = await createQuotation(admin, customerId, { rows: NOISE_ROWS, total: 300 });
  ok(await admin.put(`/api/quotation/${quotation.id}/status`, { status: 'approved' }));
  ok(await admin.post('/api/sample/quotation', { quotationId: quotation.id }));
  const [sample] = ok(await admin.get(`/api/sample/all/0/10?quotation_id=${quotation.id}`)).list as Sample[];
  return sample!;
}

/** `GET api/pdf/sample/{id}` with the caller's token. */
export async function samplePdf(t: TestApp, token: string, id: number) {
  const reply = await fetch(`${t.baseUrl}/api/pdf/sample/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: reply.status, bytes: new Uint8Array(await reply.arrayBuffer()), type: reply.headers.get('content-type') };
}
