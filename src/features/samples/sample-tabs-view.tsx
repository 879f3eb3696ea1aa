/**
 * The five tabs of a sample (Caracterização, Memória de campo, Resultado,
 * Classificação de risco, Validação da medição), their contents from the
 * per-type registry (sample-tabs.ts); a tab a type does not fill yet says
 * 'Em breve'. The Caracterização tab always has the common fields and the
 * photos. Built for a tablet in portrait: the tab list wraps to a second
 * line rather than hiding a tab off screen, each tab a 44 px target.
 *
 * Each tab whose type requires fields there carries a mark: 'Completa', or
 * 'Falta 1' / 'Faltam N' (FIELD-UX item 3; the type's rules table,
 * sample-tabs.ts), and the required inputs show the asterisk. The mark is
 * hidden from the tab's name (its description says it in full), so the tab
 * keeps its spec title for screen readers and tests.
 *
 * Only the shown tab is mounted. The tab bar is a memoised Mantine Tabs
 * (its context is new on every render of Tabs, so it would render all five
 * tabs again) and the shown tab's panel is drawn beside it with the ids
 * Mantine gives its tabs: a keystroke renders the shown tab only.
 */
import { memo, useMemo } from 'react';
import { Badge, Box, Stack, Tabs, Text } from '@mantine/core';
import { SAMPLE_BLOCKS, SAMPLE_TYPES, sampleTypeById, type SampleBlock, type SampleBlockName } from '@sync/contract/samples';
import type { LocalSample } from '@sync/store/registry';
import { CaracterizationFields, SamplePhotosSlot } from './common';
import { SAMPLE_TABS } from './sample-tab-types';
import { sampleTabOf } from './sample-tabs';
import { requiredFieldsOf, sampleTabMarks } from './sample-check';
import { SAMPLE_TEXTS } from './sample-texts';
import { RequiredFieldsProvider } from './type-fields/required-mark';
import type { SampleBlocks } from './use-sample-draft';

/** Mantine names a tab `${id}-tab-${value}` and its panel `${id}-panel-${value}`. */
const TABS_ID = 'sample-tabs';

export interface SampleTabsViewProps {
  sample: LocalSample;
  blocks: SampleBlocks;
  tab: SampleBlockName;
  readOnly: boolean;
  onChange(block: SampleBlockName, next: SampleBlock): void;
  onTab(tab: SampleBlockName): void;
  beforeCamera(): Promise<void>;
}

export function SampleTabsView({ sample, blocks, tab, readOnly, onChange, onTab, beforeCamera }: SampleTabsViewProps) {
  const slug = sampleTypeById(sample.type_id)?.slug ?? SAMPLE_TYPES[0]!.slug;
  // One stable onChange per block (the memoised tab contents keep their props).
  const changeOf = useMemo(
    () =>
      Object.fromEntries(SAMPLE_BLOCKS.map((block) => [block, (next: SampleBlock) => onChange(block, next)])) as Record<
        SampleBlockName,
        (next: SampleBlock) => void
      >,
    [onChange],
  );
  const Content = sampleTabOf(slug, tab);
  const value = blocks[tab];
  // The marks as text, so the memoised tab bar renders again only when a count changes.
  const marksKey = JSON.stringify(sampleTabMarks(slug, blocks));
  const marks = useMemo(() => JSON.parse(marksKey) as TabMarks, [marksKey]);
  return (
    <RequiredFieldsProvider required={requiredFieldsOf(slug)}>
      <SampleTabBar tab={tab} onTab={onTab} marks={marks} />
      <Box role="tabpanel" id={`${TABS_ID}-panel-${tab}`} aria-labelledby={`${TABS_ID}-tab-${tab}`} pt="md">
        <Stack gap="md">
          {tab === 'caracterization' ? (
            <>
              <CaracterizationFields value={value} onChange={changeOf.caracterization} readOnly={readOnly} />
              <SamplePhotosSlot sampleKey={sample.key} readOnly={readOnly} beforeCamera={beforeCamera} />
            </>
          ) : null}
          {Content ? (
            <Content sample={{ ...sample, ...blocks }} value={value} onChange={changeOf[tab]} readOnly={readOnly} beforeCamera={beforeCamera} />
          ) : tab === 'caracterization' ? null : (
            <Text c="dimmed">{SAMPLE_TEXTS.soon}</Text>
          )}
        </Stack>
      </Box>
    </RequiredFieldsProvider>
  );
}

/** Blank required fields per tab; a tab absent has none required (no mark). */
type TabMarks = Partial<Record<SampleBlockName, number>>;

function TabMark({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <Badge aria-hidden size="sm" variant="light" color={count === 0 ? 'green' : 'orange'} data-testid="tab-mark">
      {count === 0 ? SAMPLE_TEXTS.tabComplete : SAMPLE_TEXTS.tabMissing(count)}
    </Badge>
  );
}

const SampleTabBar = memo(function SampleTabBar({ tab, onTab, marks }: { tab: SampleBlockName; onTab(tab: SampleBlockName): void; marks: TabMarks }) {
  return (
    <Tabs id={TABS_ID} value={tab} onChange={(value) => value && onTab(value as SampleBlockName)}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {SAMPLE_TABS.map((item) => (
          <Tabs.Tab
            key={item.block}
            value={item.block}
            mih={44}
            style={{ flexShrink: 0 }}
            rightSection={<TabMark count={marks[item.block]} />}
            aria-description={descriptionOf(marks[item.block])}
          >
            {item.title}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
});

function descriptionOf(count: number | undefined): string | undefined {
  if (count === undefined) return undefined;
  return count === 0 ? SAMPLE_TEXTS.tabComplete : SAMPLE_TEXTS.tabMissingLong(count);
}
