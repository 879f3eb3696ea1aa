/**
 * A user's professional council (issue 28) as the users form and the
 * profile save it. A body without any council field keeps what is stored
 * (an older app's form has none); a body with any of them sets the three
 * together (one left out is blank), so a stored council is never half
 * filled. The contract has already refused a half-filled one.
 */
import { COUNCIL_FIELDS } from '@sync/contract/user-input';

type CouncilField = (typeof COUNCIL_FIELDS)[number];

export function councilOf(input: Partial<Record<CouncilField, string | null | undefined>>): Partial<Record<CouncilField, string | null>> {
  if (COUNCIL_FIELDS.every((field) => input[field] === undefined)) return {};
  return { council_type: input.council_type ?? null, council_number: input.council_number ?? null, council_uf: input.council_uf ?? null };
}
