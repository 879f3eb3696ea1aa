/**
 * A company whose data (Configurações › Dados da empresa) is all filled: the
 * settings options the documents print in their header. Read by the tests of
 * the company-data check and of the warning before printing.
 */
export const FILLED_COMPANY_SETTINGS = {
  company_name: 'Higiene Ação',
  company_cnpj: '11.222.333/0001-81',
  company_email: 'contato@higiene.com.br',
  company_address: 'Rua A',
  company_number: '10',
  company_district: 'Centro',
  company_city: 'Campinas',
  company_state: 'SP',
  company_zipcode: '13010-000',
} as const satisfies Record<string, string>;
