/**
 * The applied search of a list kept in the URL (`lista/2?busca=furadeira`),
 * so going back from a record to its list finds the same search and page.
 */
export interface ListRouteSearch {
  busca?: string;
}

/** The routes' `validateSearch`: a non-blank string, else nothing. */
export function validateListSearch(raw: Record<string, unknown>): ListRouteSearch {
  const value = raw.busca;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return text ? { busca: text } : {};
}

/** The search part of a list URL for an applied search. */
export function listSearchOf(applied: string): ListRouteSearch {
  return applied ? { busca: applied } : {};
}
