/**
 * The quotations area (issue 11): the list with its status dropdown and the
 * quotation page (form, lines, totals, deadlines, actions), all on the
 * local store, offline.
 */
export { QuotationListPage, quotationNumber, quotationCreatedAt, type QuotationListPageProps } from './quotation-list-page';
