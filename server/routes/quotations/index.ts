/**
 * The quotations area of the API (issue 8), one route module registered
 * from server/routes/index.ts: the document's CRUD (crud.ts), its
 * commands (commands.ts: status change, duplicate), its PDF (pdf.ts) and
 * sending it by e-mail and WhatsApp (send-*.ts); the form's option
 * lists (payment and exposition types) are read-only lists in ../lookups.ts,
 * written whole by administrators (options.ts). A customer that has
 * quotations cannot be deleted (customerDeleteGuard, used by the customer
 * routes).
 */
import type { AppContext, RouteModule, ZodApp } from '@server/app-context';
import { registerQuotationCommands } from './commands';
import { registerQuotationCrud } from './crud';
import { registerQuotationOptions } from './options';
import { registerQuotationPdf } from './pdf';
import { registerQuotationSendEmail } from './send-email';
import { registerQuotationSendWhatsapp } from './send-whatsapp';

async function register(app: ZodApp, ctx: AppContext) {
  registerQuotationCrud(app, ctx);
  registerQuotationCommands(app, ctx);
  registerQuotationPdf(app, ctx);
  registerQuotationSendEmail(app, ctx);
  registerQuotationSendWhatsapp(app, ctx);
  registerQuotationOptions(app, ctx);
}

export const quotationRoutes: RouteModule = { name: 'quotations', register };
