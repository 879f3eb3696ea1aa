/**
 * Every sample type's descriptor, by slug, and what the rest of the product
 * asks of them about a stored sample: the label of a path (the conflict
 * questions, the draft's notice, Verificar) and whether a path is a computed
 * figure (never a question in a merge: it is computed again from the merged
 * inputs). A new type adds its descriptor here (docs/adding-a-sample-type.md).
 */
import { rowIndexOf } from '../row-id';
import { SAMPLE_BLOCKS, type SampleBlockName } from './blocks';
import { blockOf, nodeAt, pathLabel, type SampleTypeDescriptor } from './descriptor';
import { HEAT_DESCRIPTOR } from './heat-descriptor';
import { NOISE_DESCRIPTOR } from './noise-descriptor';
import { CHEMICAL_DESCRIPTOR } from './chemical-descriptor';
import { VIBRATION_DESCRIPTOR } from './vibration-descriptor';
import { sampleTypeById, type SampleTypeSlug } from './types';

export const SAMPLE_TYPE_DESCRIPTORS: Record<SampleTypeSlug, SampleTypeDescriptor> = {
  vibration: VIBRATION_DESCRIPTOR,
  chemical: CHEMICAL_DESCRIPTOR,
  noise: NOISE_DESCRIPTOR,
  heat: HEAT_DESCRIPTOR,
};

export function descriptorOfType(typeId: unknown): SampleTypeDescriptor | undefined {
  const type = typeof typeId === 'number' ? sampleTypeById(typeId) : undefined;
  return type ? SAMPLE_TYPE_DESCRIPTORS[type.slug] : undefined;
}

function isBlock(step: string | undefined): step is SampleBlockName {
  return (SAMPLE_BLOCKS as readonly string[]).includes(step ?? '');
}

/** The position of the row a step names (its row id, or `#<index>`: row-id.ts), following the list path through the record. */
function rowPosition(block: unknown, listPath: string, step: string): number {
  let list: unknown = block;
  for (const key of listPath.split('.')) {
    if (Array.isArray(list)) list = list[rowIndexOf(list, key)];
    else list = (list as Record<string, unknown> | null | undefined)?.[key];
  }
  return Array.isArray(list) ? rowIndexOf(list, step) : -1;
}

/**
 * The label of a path inside a sample (`['memory_field', 'tasks', '<row id>', 'tbn']`)
 * for a person: 'Memória de campo — Tarefa 2 — tbn (°C)'. Undefined when the
 * type does not know the path.
 */
export function sampleFieldLabel(record: Readonly<Record<string, unknown>>, path: readonly string[]): string | undefined {
  const [block, ...rest] = path;
  const descriptor = descriptorOfType(record.type_id);
  if (!descriptor || !isBlock(block)) return undefined;
  const described = blockOf(descriptor, block);
  if (!described) return undefined;
  if (rest.length === 0) return described.title;
  const label = pathLabel(described.nodes, rest.join('.'), (listPath, step) => rowPosition(record[block], listPath, step));
  return label === undefined ? undefined : `${described.title} — ${label}`;
}

/** True for a computed figure of the sample's type (descriptor `figure`). */
export function isSampleFigure(record: Readonly<Record<string, unknown>>, path: readonly string[]): boolean {
  const [block, ...rest] = path;
  const descriptor = descriptorOfType(record.type_id);
  if (!descriptor || !isBlock(block) || rest.length === 0) return false;
  const node = nodeAt(blockOf(descriptor, block)?.nodes ?? [], rest.join('.'));
  return node?.kind === 'field' && node.figure === true;
}
