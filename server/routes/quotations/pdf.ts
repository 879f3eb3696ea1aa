/**
 * `GET api/pdf/quotation/{id}` (spec section 7): the quotation's PDF, built
 * with the one template of src/pdf (the device prints the same document
 * offline). Needs the `quotations` module, like every quotation call; a
 * customer-type user gets only the quotations of their own customers (403
 * otherwise). Answers `application/pdf`, shown inline, named after the
 * quotation's number. The company logo is read from the file storage.
 */
import { z } from 'zod';
import { QUOTATION_MESSAGES } from '@sync/contract/quotations';
import { QUOTATION_SEND_MESSAGES } from '@sync/contract/quotation-send';
import { requireAuth } from '@server/auth/authenticate';
import { assertCustomerInScope } from '@server/auth/permissions';
import type { AppContext, ZodApp } from '@server/app-context';
import { fileStoreOf } from '@server/files/open-file-store';
import { notFound } from '@server/http/errors';
import { quotationPdf } from '@server/pdf/quotation-pdf';
import { idParam } from '@server/sync/crud-routes';
import { QUOTATION_ACCESS } from './access';
import { loadQuotations } from './load';

export function registerQuotationPdf(app: ZodApp, ctx: AppContext) {
  // Where the company logo's bytes are (settings_logo names a stored file).
  const storage = fileStoreOf(ctx.config.files);
  app.get(
    '/api/pdf/quotation/:id',
    { config: { access: QUOTATION_ACCESS.read }, schema: { params: z.object({ id: idParam }) } },
    async (request, reply) => {
      const [quotation] = await loadQuotations(ctx.db, [request.params.id]);
      if (!quotation) throw notFound(QUOTATION_MESSAGES.notFound);
      assertCustomerInScope(requireAuth(request), quotation.customer_id);
      const bytes = await quotationPdf(ctx.db, quotation, storage);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${QUOTATION_SEND_MESSAGES.fileName(quotation.reference_no)}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
