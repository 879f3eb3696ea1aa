/**
 * The sample's computed fields brought up to date from what was typed, for
 * the sample page (use-sample-draft.ts) on every change and again on Salvar:
 * the page mounts only the shown tab, so without this a sample saved
 * without opening Resultado would keep the figures of before. One function
 * per type (noise/, heat/); a type without computed fields is left as is.
 */
import { useCallback, useMemo } from 'react';
import type { SampleTypeSlug } from '@sync/contract/samples';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { deriveHeatBlocks } from './heat';
import { deriveNoiseBlocks } from './noise';
import { useNoiseThresholds } from './type-fields/use-result-thresholds';
import type { SampleBlocks } from './use-sample-draft';

export type DeriveBlocks = (blocks: SampleBlocks) => SampleBlocks;

/**
 * The derivation of one sample type with the device's current thresholds (the
 * seeded defaults while the settings list loads, as the tabs do; Salvar runs
 * it again with whatever is current then). Stable while the thresholds are.
 */
export function useDeriveBlocks(slug: SampleTypeSlug | undefined): DeriveBlocks {
  const loaded = useNoiseThresholds();
  const thresholds = useMemo(() => loaded ?? defaultResultThresholds().noise, [loaded]);
  return useCallback(
    (blocks: SampleBlocks) => {
      if (slug === 'noise') return deriveNoiseBlocks(blocks, thresholds);
      if (slug === 'heat') return deriveHeatBlocks(blocks);
      return blocks;
    },
    [slug, thresholds],
  );
}
