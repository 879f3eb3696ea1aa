/** The public postcode lookup (ViaCEP by default; VITE_POSTCODE_URL). */
export {
  lookupPostcode,
  readPostcodeAnswer,
  postcodeUrlTemplate,
  DEFAULT_POSTCODE_URL,
  POSTCODE_TIMEOUT_MS,
  type PostcodeAddress,
  type PostcodeResult,
  type PostcodeOptions,
} from './postcode-lookup';
