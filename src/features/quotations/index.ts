/**
 * The quotations area (issue 11): the list with its status dropdown and the
 * quotation page (form, lines, totals, deadlines, actions), all on the
 * local store, offline.
 */
export { QuotationListPage, type QuotationListPageProps } from './quotation-list-page';
export { quotationNumber, quotationCreatedAt } from './quotation-number';
export { QuotationEditPage, type QuotationEditPageProps } from './quotation-edit-page';
