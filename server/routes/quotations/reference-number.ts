/**
 * A quotation's reference number: "{id}/{year}", the year of creation in
 * Brasília time ("12/2026"). Ids never repeat, so numbers never do.
 */
export function referenceNumber(id: number, createdAt: Date): string {
  const year = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(createdAt);
  return `${id}/${year}`;
}
