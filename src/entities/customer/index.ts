/**
 * The customer form, shared by the customers area and (later) the
 * quotation form's 'Adicionar Cliente': fields, rules, state and the modal.
 * It lives in src/entities/customer, not in a feature, because features never
 * import each other; src/ui keeps only generic components.
 */
export { CustomerFields, type CustomerFieldsProps } from './customer-fields';
export { AddCustomerModal, type AddCustomerModalProps } from './add-customer-modal';
export { useCustomerForm, type CustomerFormState } from './use-customer-form';
export {
  customerFormValues,
  changeCustomerForm,
  readCustomerForm,
  CUSTOMER_FIELD_NAMES,
  type CustomerFields as CustomerFieldValues,
  type CustomerFormValues,
  type CustomerFormErrors,
  type CustomerFormField,
  type CustomerFormRead,
} from './customer-form-values';
export { CUSTOMER_FORM_TEXTS } from './customer-form-texts';
export { documentToCheck, customerWithDocument, customerFieldsOf } from './same-document';
export { useSameDocumentCustomer } from './use-same-document';
export { SameDocumentNotice, type SameDocumentNoticeProps } from './same-document-notice';
