/** Form helpers: schema-driven forms (`useSchemaForm`, its typed-text fields, a schema from a hand-written read), sync errors at the fields, the name-and-price form of costs and services, the single-name modal. */
export { useSchemaForm, type SchemaForm, type SchemaFormOptions, type SchemaFieldProps, type SchemaRead, type FormSchema } from './use-schema-form';
export { optionalText, dateText, moneyText } from './form-fields';
export { readSchema, type FormReadResult } from './read-schema';
export { maxLengthAt, maxLengthOf } from './schema-hints';
export { errorMessage, fieldErrorsOf, GENERIC_FAILURE } from './sync-error';
export { namePriceFormSchema, namePriceValues, type NamePriceValues } from './name-price';
export { NamePriceFields, NAME_PRICE_LABELS, type NamePriceFieldsProps } from './name-price-fields';
export { NameModal, type NameModalProps, type NameModalTexts } from './name-modal';
