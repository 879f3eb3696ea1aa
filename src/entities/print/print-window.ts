/**
 * Opening a document or link in a new tab (spec section 7: "binary PDF
 * opened in a new window; a blocked pop-up raises an alert"). The tab is
 * opened in the click itself, before any await, or browsers block it; the
 * PDF is written into it once rendered. A blocked pop-up shows the spec's
 * message.
 */
import { alertDanger } from '@/ui/alerts';

export const POPUP_BLOCKED = 'Os popup do seu navegador estão bloqueados';
const RENDERING = 'Gerando o PDF…';

/** A new tab for a document still being made; null (with the alert) when the browser blocks it. */
export function openPendingTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) {
    alertDanger(POPUP_BLOCKED);
    return null;
  }
  try {
    tab.document.title = RENDERING;
    tab.document.body.textContent = RENDERING;
  } catch {
    // A tab of another origin cannot be written to; the PDF still replaces it.
  }
  return tab;
}

/** Shows the PDF in the tab opened for it. */
export function showPdf(tab: Window, pdf: Blob): void {
  tab.location.href = URL.createObjectURL(pdf);
}

/** Opens a link (WhatsApp) in a new tab; false (with the alert) when blocked. */
export function openLink(link: string): boolean {
  // Not 'noopener': with it window.open always answers null, and a blocked pop-up could not be told apart.
  const tab = window.open(link, '_blank');
  if (!tab) {
    alertDanger(POPUP_BLOCKED);
    return false;
  }
  tab.opener = null;
  return true;
}
