/**
 * The quotations area (issue 11): the list with its status dropdown and the
 * quotation page (form, lines, totals, deadlines, actions), all on the
 * local store, offline; and the administrators' page of the form's option
 * lists (payment conditions, exposition types), written online.
 */
export { QuotationListPage, type QuotationListPageProps } from './quotation-list-page';
export { quotationNumber, quotationCreatedAt } from './quotation-number';
export { QuotationEditPage, type QuotationEditPageProps } from './quotation-edit-page';
export { QuotationOptionsPage } from './quotation-options-page';
