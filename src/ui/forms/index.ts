/** Form helpers: sync errors at the fields, the name-and-price form of costs and services, the single-name modal. */
export { errorMessage, fieldErrorsOf, GENERIC_FAILURE } from './sync-error';
export { namePriceValues, readNamePrice, type NamePriceValues, type NamePriceErrors, type NamePriceRead } from './name-price';
export { NamePriceFields, NAME_PRICE_LABELS, type NamePriceFieldsProps } from './name-price-fields';
export { NameModal, type NameModalProps, type NameModalTexts } from './name-modal';
