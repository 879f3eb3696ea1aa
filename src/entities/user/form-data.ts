/**
 * The spec's form-data calls (`POST api/user`, `POST api/user/{id}`, the
 * profile, `POST api/user-customers/`): every value as text (null and
 * undefined as empty), and the image when one was chosen.
 */
export type FormValue = string | number | boolean | null | undefined;

export function toFormData(fields: Record<string, FormValue>, image?: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value === null || value === undefined ? '' : String(value));
  if (image) form.append('image', image, image.name);
  return form;
}
