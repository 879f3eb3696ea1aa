/**
 * The benchmark's data: agents (the catalog's heaviest list: four searchable
 * fields, a type reference, embedded equipment lines) with realistic
 * Portuguese names, and the varied search terms run against them. Pure and
 * deterministic (the same run makes the same records), shared by the Node
 * side and the Chromium page.
 */

/** Seeded product types (server/db/seed/reference-data.ts): 1 Vibração, 2 Químico, 3 Ruído, 4 Calor. */
export const CHEMICAL_TYPE_ID = 2;
const TYPE_IDS = [1, 2, 3, 4] as const;

const SUBSTANCES = [
  'Tolueno',
  'Xileno',
  'Benzeno',
  'Acetona',
  'Formaldeído',
  'Sílica cristalina',
  'Poeira respirável',
  'Fumos metálicos',
  'Chumbo',
  'Manganês',
  'Ácido sulfúrico',
  'Amônia',
  'Etanol',
  'Hexano',
  'Névoa de óleo',
  'Ruído contínuo',
  'Ruído de impacto',
  'Vibração de mãos e braços',
  'Vibração de corpo inteiro',
  'Calor radiante',
] as const;
const QUALIFIERS = ['total', 'inalável', 'em solda', 'na pintura', 'no laboratório', 'em caldeiraria', 'de fundição', 'na usinagem'] as const;

/** What a screen saves for a new agent (wire field names; the type as a server id). */
export interface AgentInput {
  name: string;
  price: number;
  type_id: number;
  code: string | null;
  cas: string | null;
  display_name: string | null;
  method: string | null;
}

/** The `index`-th agent of a run; `tag` keeps runs apart in names and codes. */
export function agentInput(index: number, tag: string): AgentInput {
  const substance = SUBSTANCES[index % SUBSTANCES.length]!;
  const qualifier = QUALIFIERS[Math.floor(index / SUBSTANCES.length) % QUALIFIERS.length]!;
  const typeId = TYPE_IDS[index % TYPE_IDS.length]!;
  return {
    name: `${substance} ${qualifier} ${tag}${index}`,
    price: 50 + (index % 400) + 0.5,
    type_id: typeId,
    code: `AG-${index}`,
    cas: typeId === CHEMICAL_TYPE_ID ? `${100 + (index % 900)}-${10 + (index % 89)}-${index % 10}` : null,
    display_name: `${substance} (${qualifier})`,
    method: index % 3 === 0 ? 'NIOSH 1501' : null,
  };
}

/**
 * Fifty search terms as people type them: one word or a prefix of it, two
 * words, accents or none, codes, a CAS fragment, and a few that match
 * nothing. Most match hundreds or thousands of the 10,000 agents, so page 1
 * is always a slice of a large result.
 */
export const SEARCH_TERMS: readonly string[] = [
  'tolu',
  'tolueno',
  'Xileno',
  'benz',
  'acetona',
  'formaldeido',
  'Formaldeído',
  'silica',
  'sílica crist',
  'poeira',
  'poeira resp',
  'fumos',
  'fumos met',
  'chumbo',
  'mangan',
  'acido',
  'ácido sulf',
  'amonia',
  'etanol',
  'hexano',
  'nevoa',
  'névoa de óleo',
  'ruido',
  'ruído contínuo',
  'ruido imp',
  'vibracao',
  'vibração maos',
  'vibracao corpo inteiro',
  'calor',
  'calor rad',
  'solda',
  'pintura',
  'laborat',
  'caldeiraria',
  'fundicao',
  'usinagem',
  'inalavel',
  'total',
  'tolueno solda',
  'benzeno pintura',
  'chumbo fundicao',
  'AG-1',
  'ag 42',
  'ag-9999',
  'niosh',
  '1501',
  '123-',
  'zzz',
  'inexistente',
  'vibração corpo inteiro usinagem',
];
