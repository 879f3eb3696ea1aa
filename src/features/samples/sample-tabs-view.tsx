/**
 * The five tabs of a sample (Caracterização, Memória de campo, Resultado,
 * Classificação de risco, Validação da medição), their contents from the
 * per-type registry (sample-tabs.ts); a tab a type does not fill yet says
 * 'Em breve'. The Caracterização tab always has the common fields and the
 * photos. Built for a tablet in portrait: the tab list scrolls sideways
 * instead of wrapping or clipping, each tab a 44 px target.
 */
import { Stack, Tabs, Text } from '@mantine/core';
import { SAMPLE_TYPES, sampleTypeById, type SampleBlockName } from '@sync/contract/samples';
import type { LocalSample } from '@sync/store/registry';
import { CaracterizationFields, SamplePhotosSlot } from './common';
import { SAMPLE_TABS } from './sample-tab-types';
import { sampleTabOf } from './sample-tabs';
import { SAMPLE_TEXTS } from './sample-texts';
import type { SampleDraft } from './use-sample-draft';

export function SampleTabsView({ sample, draft, readOnly }: { sample: LocalSample; draft: SampleDraft; readOnly: boolean }) {
  const slug = sampleTypeById(sample.type_id)?.slug ?? SAMPLE_TYPES[0]!.slug;
  const current = { ...sample, ...draft.blocks };
  return (
    <Tabs value={draft.tab} onChange={(value) => value && draft.setTab(value as SampleBlockName)} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {SAMPLE_TABS.map((tab) => (
          <Tabs.Tab key={tab.block} value={tab.block} mih={44} style={{ flexShrink: 0 }}>
            {tab.title}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {SAMPLE_TABS.map((tab) => {
        const Content = sampleTabOf(slug, tab.block);
        const props = {
          sample: current,
          value: draft.blocks[tab.block],
          onChange: (next: Record<string, unknown>) => draft.change(tab.block, next),
          readOnly,
          beforeCamera: draft.flush,
        };
        return (
          <Tabs.Panel key={tab.block} value={tab.block} pt="md">
            <Stack gap="md">
              {tab.block === 'caracterization' ? (
                <>
                  <CaracterizationFields value={props.value} onChange={props.onChange} readOnly={readOnly} />
                  <SamplePhotosSlot sampleKey={sample.key} readOnly={readOnly} beforeCamera={draft.flush} />
                </>
              ) : null}
              {Content ? <Content {...props} /> : tab.block === 'caracterization' ? null : <Text c="dimmed">{SAMPLE_TEXTS.soon}</Text>}
            </Stack>
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
