/**
 * The ids of a quotation's lines as the server stores them
 * (docs/decisions/samples-plan-and-page.md): the ids a write sends are kept;
 * a line sent without one (an app older than line ids, or a line the device
 * had before it pulled them) takes the id of the stored line it is — same
 * product and name (and, for an agent row, same sector and function) — so
 * the samples that point at that row keep pointing at it; any other line
 * gets a new id. Within a list an id is never given twice.
 */
import { QUOTATION_LINE_LISTS, type QuotationBody, type QuotationLineList } from '@sync/contract/quotations';
import { newRowId } from '@sync/contract/row-id';

type Line = { row_id?: string | null | undefined };

/** The fields that make a line without an id the same as a stored line, most precise first. */
const SAME_LINE: Record<QuotationLineList, ReadonlyArray<readonly string[]>> = {
  rows: [
    ['product_id', 'name', 'sector', 'function'],
    ['product_id', 'name'],
  ],
  services: [['product_id', 'name']],
  costs: [['product_id', 'name']],
  equipments: [['equipment_id', 'name']],
  deadlines: [['activity', 'description'], ['activity']],
};

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
const idOf = (line: Line): string => (typeof line.row_id === 'string' ? line.row_id : '');

/** A list's lines, each with its id (see above). `stored`: the list as the database has it (none on create). */
export function settleLineIds<T extends Line>(
  list: QuotationLineList,
  lines: readonly T[],
  stored: readonly Line[] = [],
): Array<T & { row_id: string }> {
  const used = new Set<string>();
  const ids = lines.map((line) => {
    const id = idOf(line);
    if (id === '' || used.has(id)) return '';
    used.add(id);
    return id;
  });
  const free = stored.filter((line) => idOf(line) !== '' && !used.has(idOf(line)));
  for (const fields of SAME_LINE[list]) {
    lines.forEach((line, index) => {
      if (ids[index] !== '') return;
      const match = free.findIndex((candidate) =>
        fields.every((field) => sameValue((candidate as Record<string, unknown>)[field], (line as Record<string, unknown>)[field])),
      );
      if (match < 0) return;
      ids[index] = idOf(free[match]!);
      used.add(ids[index]);
      free.splice(match, 1);
    });
  }
  return lines.map((line, index) => ({ ...line, row_id: ids[index] || newRowId() }));
}

type Lists = Pick<QuotationBody, QuotationLineList>;

/** Every list of a quotation body with its line ids settled against the stored quotation (none on create). */
export function settleQuotationLineIds<B extends Lists>(body: B, stored: Readonly<Record<string, unknown>> | null): B {
  const next = { ...body };
  for (const list of QUOTATION_LINE_LISTS) {
    const current = stored?.[list];
    (next as Record<string, unknown>)[list] = settleLineIds(list, body[list] as Line[], Array.isArray(current) ? (current as Line[]) : []);
  }
  return next;
}
