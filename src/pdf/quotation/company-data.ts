/**
 * Whether the company's data the documents print in their header is filled
 * (Configurações › Dados da empresa: the name and the fields the spec makes
 * required there, section 5). A document printed without them goes to the
 * client with a blank header: the screens warn before printing.
 */
const COMPANY_OPTIONS = [
  'company_name',
  'company_cnpj',
  'company_email',
  'company_address',
  'company_number',
  'company_district',
  'company_city',
  'company_state',
  'company_zipcode',
] as const;

/** The company options still blank, in the form's order (empty when all are filled). */
export function missingCompanyData(settings: Readonly<Record<string, string | undefined>>): string[] {
  return COMPANY_OPTIONS.filter((option) => (settings[option] ?? '').trim() === '');
}
