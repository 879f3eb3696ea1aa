/**
 * The domain's public surface: pure calculations and rules shared by the
 * screens, the PDF and the server. See README.md for which function each
 * screen uses.
 */
export * from './bands';
export * from './chemical-risk';
export * from './chemical-sampling';
export * from './chemical-times';
export * from './criteria';
export * from './dates';
export * from './decimal';
export * from './documents';
export * from './form-paths';
export * from './heat';
export * from './masks';
export * from './money';
export * from './noise';
export * from './noise-levels';
export * from './noise-result';
export * from './quotation-number';
export * from './quotation-totals';
export * from './result-thresholds';
export * from './result-thresholds-parse';
export * from './result-thresholds-validate';
export * from './sampling-method-checks';
export * from './text-case';
export * from './text-format';
export * from './vibration';
