/**
 * Criteria: the norms and editions a computed figure comes from, so that a
 * screen or a PDF never prints a bare "92 dB(A)" (calculations.md, intro).
 * Every calculation module builds its criterion from these references.
 */

/** A norm as printed in reports: the document, its edition and publisher. */
export type NormReference = {
  /** Short name as technicians write it, e.g. 'NHO 01' or 'NR-15 Anexo 1'. */
  norm: string;
  /** Edition year or the act that gave the text in force. */
  edition: string;
  publisher: string;
};

export const NHO_01: NormReference = { norm: 'NHO 01', edition: '2001', publisher: 'Fundacentro' };
export const NHO_06: NormReference = { norm: 'NHO 06', edition: '2017', publisher: 'Fundacentro' };
export const NHO_09: NormReference = { norm: 'NHO 09', edition: '2013', publisher: 'Fundacentro' };
export const NHO_10: NormReference = { norm: 'NHO 10', edition: '2013', publisher: 'Fundacentro' };
export const NR_15_ANEXO_1: NormReference = {
  norm: 'NR-15 Anexo 1',
  edition: 'Portaria MTb 3.214/1978',
  publisher: 'Ministério do Trabalho',
};
export const NR_15_ANEXO_3: NormReference = {
  norm: 'NR-15 Anexo 3',
  edition: 'Portaria SEPRT 1.359/2019',
  publisher: 'Ministério do Trabalho',
};
export const NR_15_ANEXO_8: NormReference = {
  norm: 'NR-15 Anexo 8',
  edition: 'Portaria MTE 1.297/2014',
  publisher: 'Ministério do Trabalho',
};
export const NR_15_ANEXO_11: NormReference = {
  norm: 'NR-15 Anexo 11',
  edition: 'Portaria MTb 3.214/1978',
  publisher: 'Ministério do Trabalho',
};
export const NR_09_ANEXO_1: NormReference = {
  norm: 'NR-09 Anexo 1',
  edition: 'Portaria MTE 1.297/2014',
  publisher: 'Ministério do Trabalho',
};

/** @public A computed figure with the criterion that produced it. */
export type Calculated<T, C> = { value: T; criterion: C };

/** 'NHO 01 (2001)': the way a report cites a norm in one line. */
export function citeNorm(ref: NormReference): string {
  return `${ref.norm} (${ref.edition})`;
}
