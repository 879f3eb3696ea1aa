/**
 * The warning before printing a document (a quotation, a sample's report)
 * while the company's data is not filled (issue 24): the document would
 * reach the client with a blank header. It shows once per browser tab
 * session, on the first print, not on every print: the user was told, and
 * may have a reason to print anyway.
 */
import { settingsMap } from '@sync/contract/settings';
import { missingCompanyData } from '@/pdf/quotation/company-data';
import { alertWarning } from '@/ui/alerts';

export const COMPANY_WARNING = 'Os dados da empresa estão incompletos (Configurações › Dados da empresa): o documento sai sem eles no cabeçalho.';

const WARNED_KEY = 'print-company-data-warned';

function alreadyWarned(): boolean {
  try {
    return sessionStorage.getItem(WARNED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberWarned(): void {
  try {
    sessionStorage.setItem(WARNED_KEY, '1');
  } catch {
    // Storage refused (private mode): the warning may show again, which is harmless.
  }
}

/** Warns (once per session) when the settings kept on the device lack the company's data. */
export function warnIfCompanyDataMissing(settings: ReadonlyArray<{ option: string; value: string }>): void {
  if (missingCompanyData(settingsMap(settings)).length === 0 || alreadyWarned()) return;
  rememberWarned();
  alertWarning(COMPANY_WARNING);
}
