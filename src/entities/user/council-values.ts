/**
 * The council fields as the users form and the profile hold them (issue 28):
 * the selects' values (or null) and the number as typed, read from a user's
 * settings; and what a save sends of them. Hidden for a customer-type user,
 * they are not sent at all, so a save changes none of them.
 */
import type { FormValue } from './form-data';

export interface CouncilValues {
  council_type: string | null;
  council_number: string;
  council_uf: string | null;
}

type CouncilSettings = { council_type?: string | null; council_number?: string | null; council_uf?: string | null };

export function councilValues(settings?: CouncilSettings): CouncilValues {
  return {
    council_type: settings?.council_type ?? null,
    council_number: settings?.council_number ?? '',
    council_uf: settings?.council_uf ?? null,
  };
}

/** The council part of a form-data body: the three values, or nothing when the group is hidden. */
export function councilBody(values: CouncilValues, shown: boolean): Record<string, FormValue> {
  if (!shown) return {};
  return { council_type: values.council_type, council_number: values.council_number, council_uf: values.council_uf };
}
