/**
 * The sample's computed figures brought up to date from what was typed, for
 * the sample page (use-sample-draft.ts) on every change and again on Salvar:
 * the type's descriptor's derivation (sync/contract/samples/*-descriptor.ts),
 * the same pure function the server runs on every save and the report reads,
 * with the device's current thresholds. The page mounts only the shown tab,
 * so without this a sample saved without opening Resultado would keep the
 * figures of before.
 */
import { useCallback, useMemo } from 'react';
import { SAMPLE_TYPE_DESCRIPTORS, type SampleBlocks, type SampleTypeSlug } from '@sync/contract/samples';
import { defaultResultThresholds, type ResultThresholds } from '@/domain/result-thresholds';
import { useChemicalThresholds, useNoiseThresholds } from './type-fields/use-result-thresholds';

export type DeriveBlocks = (blocks: SampleBlocks) => SampleBlocks;

/**
 * The derivation of one sample type with the device's current thresholds (the
 * seeded defaults while the settings list loads, as the tabs do; Salvar runs
 * it again with whatever is current then). Stable while the thresholds are.
 */
export function useDeriveBlocks(slug: SampleTypeSlug | undefined): DeriveBlocks {
  const loaded = useNoiseThresholds();
  const chemical = useChemicalThresholds();
  const thresholds = useMemo<ResultThresholds>(() => {
    const defaults = defaultResultThresholds();
    return { noise: loaded ?? defaults.noise, chemical: chemical ?? defaults.chemical };
  }, [loaded, chemical]);
  return useCallback((blocks: SampleBlocks) => (slug ? SAMPLE_TYPE_DESCRIPTORS[slug].derive(blocks, { thresholds }) : blocks), [slug, thresholds]);
}
