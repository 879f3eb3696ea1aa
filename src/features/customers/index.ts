/**
 * The customers area (issue 5): list, customer page with address tabs and
 * attachments. The customer form itself lives in src/entities/customer so a
 * quotation screen can use it (its 'Adicionar Cliente' modal) without
 * importing this feature.
 */
export { CustomerListPage, customerSince, type CustomerListPageProps } from './customer-list-page';
export { CustomerEditPage, type CustomerEditPageProps } from './customer-edit-page';
export { customerRemote, type CustomerRemote } from './customer-remote';
export { isRestrictedCustomerView } from './use-customer-access';
