/**
 * Handing bytes to the user as a download: a link with `download` on an
 * object URL, which works offline and in an installed PWA (no request is
 * made). Used by every screen that saves a file it holds (a customer's
 * files, the unsent-data export).
 */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Later: the browser reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
