/** Form helpers: schema-driven forms (`useSchemaForm` and its typed-text fields), sync errors at the fields, the name-and-price form of costs and services, the single-name modal. */
export { useSchemaForm, type SchemaForm, type SchemaFormOptions, type SchemaFieldProps, type SchemaRead, type FormSchema } from './use-schema-form';
export { optionalText, dateText, moneyText } from './form-fields';
export { maxLengthAt, maxLengthOf } from './schema-hints';
export { errorMessage, fieldErrorsOf, GENERIC_FAILURE } from './sync-error';
export { namePriceValues, readNamePrice, type NamePriceValues, type NamePriceErrors, type NamePriceRead } from './name-price';
export { NamePriceFields, NAME_PRICE_LABELS, type NamePriceFieldsProps } from './name-price-fields';
export { NameModal, type NameModalProps, type NameModalTexts } from './name-modal';
