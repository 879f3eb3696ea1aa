/**
 * Slugs derived from names (spec: role, cost, service, type option slugs):
 * lowercase ASCII words joined by hyphens, accents removed
 * ("Técnico de campo" → "tecnico-de-campo").
 */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
