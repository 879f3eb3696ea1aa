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
 * sample-tabs.ts), and the required inputs show the asterisk. A tab with a
 * value the contract refuses (issue 21: '31/02/2026', '25:75', 'abc' in a
 * number) carries a red '1 inválido' / 'N inválidos' and is never
 * 'Completa'; each such input shows the contract's message (the problems
 * are provided to the inputs by path, required-mark.tsx). A computed tab
 * with nothing required (descriptor `markedTabs`: heat's Classificação)
 * says 'Completa' once its figures are computed and a grey 'Sem dados'
 * before. The mark is hidden from the tab's name (its description says it
 * in full), so the tab keeps its spec title for screen readers and tests.
 *
 * How much each tab may be edited comes from the sample's review state and
 * the user (review/review-view.ts `tabAccessOf`): 'edit', 'read' (every
 * input disabled), 'lab' (the chemical Resultado with only the laboratory's
 * fields open) or 'hidden' (Resultado and Classificação for a customer-type
 * user before approval: not in the tab bar, and the contract's
 * `resultsHidden` said above it).
 *
 * Only the shown tab is mounted. The tab bar is a memoised Mantine Tabs
 * (its context is new on every render of Tabs, so it would render all five
 * tabs again) and the shown tab's panel is drawn beside it with the ids
 * Mantine gives its tabs: a keystroke renders the shown tab only.
 */
import { memo, useMemo } from 'react';
import { Alert, Badge, Box, Group, Stack, Tabs, Text } from '@mantine/core';
import { SAMPLE_BLOCKS, SAMPLE_REVIEW_MESSAGES, SAMPLE_TYPES, sampleTypeById, type SampleBlock, type SampleBlockName } from '@sync/contract/samples';
import type { LocalSample } from '@sync/react';
import { CaracterizationFields, SamplePhotosSlot } from './common';
import type { TabAccess } from './review/review-view';
import { SAMPLE_TABS } from './sample-tab-types';
import { sampleTabOf } from './sample-tabs';
import { type InvalidField, requiredFieldsOf, sampleInvalid, sampleTabMarks, type TabMark } from './sample-check';
import { SAMPLE_FIELD_CHECK_TEXTS, SAMPLE_TEXTS } from './sample-texts';
import { type FieldProblemEntry, FieldProblemsProvider, RequiredFieldsProvider } from './type-fields/required-mark';
import type { SampleBlocks } from './use-sample-draft';

/** Mantine names a tab `${id}-tab-${value}` and its panel `${id}-panel-${value}`. */
const TABS_ID = 'sample-tabs';

export interface SampleTabsViewProps {
  sample: LocalSample;
  blocks: SampleBlocks;
  tab: SampleBlockName;
  /** Each tab's access (review/review-view.ts); stable while the sample's state and the user are. */
  access: Readonly<Record<SampleBlockName, TabAccess>>;
  onChange(block: SampleBlockName, next: SampleBlock): void;
  onTab(tab: SampleBlockName): void;
  beforeCamera(): Promise<void>;
}

export function SampleTabsView({ sample, blocks, tab: asked, access, onChange, onTab, beforeCamera }: SampleTabsViewProps) {
  // A hidden tab left open by a draft (the sample's state changed since) gives way to the first.
  const tab = access[asked] === 'hidden' ? 'caracterization' : asked;
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
  const shown = access[tab];
  const readOnly = shown !== 'edit' && shown !== 'lab';
  // The marks as text, so the memoised tab bar renders again only when a count changes.
  const marksKey = JSON.stringify(sampleTabMarks(slug, blocks));
  const marks = useMemo(() => JSON.parse(marksKey) as TabMarks, [marksKey]);
  // The refused values by path, a new map only when they change (every marked input reads it). The value is only
  // read to hold a half-typed time or date's error back, so a number typed on after 'abc' keeps the same map.
  const problemsKey = JSON.stringify(
    sampleInvalid(slug, blocks).map((field) => [`${field.block}.${field.path}`, field.message, field.input, heldBack(field) ? field.value : '']),
  );
  const problems = useMemo(() => problemMap(problemsKey), [problemsKey]);
  return (
    <RequiredFieldsProvider required={requiredFieldsOf(slug)}>
      <FieldProblemsProvider problems={problems}>
        {SAMPLE_BLOCKS.some((block) => access[block] === 'hidden') ? (
          <Alert color="gray" variant="light" mb="sm" data-testid="results-hidden">
            {SAMPLE_REVIEW_MESSAGES.resultsHidden}
          </Alert>
        ) : null}
        <SampleTabBar tab={tab} onTab={onTab} marks={marks} access={access} />
        <Box role="tabpanel" id={`${TABS_ID}-panel-${tab}`} aria-labelledby={`${TABS_ID}-tab-${tab}`} pt="md">
          <Stack gap="md">
            {tab === 'caracterization' ? (
              <>
                <CaracterizationFields value={value} onChange={changeOf.caracterization} readOnly={readOnly} />
                <SamplePhotosSlot sampleKey={sample.key} readOnly={readOnly} beforeCamera={beforeCamera} />
              </>
            ) : null}
            {Content ? (
              <Content
                sample={{ ...sample, ...blocks }}
                value={value}
                onChange={changeOf[tab]}
                readOnly={readOnly}
                labOnly={shown === 'lab'}
                beforeCamera={beforeCamera}
              />
            ) : tab === 'caracterization' ? null : (
              <Text c="dimmed">{SAMPLE_TEXTS.soon}</Text>
            )}
          </Stack>
        </Box>
      </FieldProblemsProvider>
    </RequiredFieldsProvider>
  );
}

function heldBack(field: InvalidField): boolean {
  return field.input === 'time' || field.input === 'duration' || field.input === 'date';
}

function problemMap(key: string): ReadonlyMap<string, FieldProblemEntry> {
  const rows = JSON.parse(key) as Array<[string, string, FieldProblemEntry['input'] | null, string]>;
  return new Map(rows.map(([path, message, input, value]) => [path, input ? { message, input, value } : { message, value }]));
}

/** Each tab's mark (sample-check.ts); a tab absent has none. */
type TabMarks = Partial<Record<SampleBlockName, TabMark>>;

const T = SAMPLE_FIELD_CHECK_TEXTS;

/** The status badge: complete, missing fields, or (a computed tab) no data yet; none beside invalid fields unless some are missing. */
function statusOf(mark: TabMark): { text: string; long: string; color: string } | null {
  if (mark.missing !== undefined && mark.missing > 0)
    return { text: SAMPLE_TEXTS.tabMissing(mark.missing), long: SAMPLE_TEXTS.tabMissingLong(mark.missing), color: 'orange' };
  if (mark.invalid > 0) return null;
  if (mark.missing === 0 || mark.computed) return { text: SAMPLE_TEXTS.tabComplete, long: SAMPLE_TEXTS.tabComplete, color: 'green' };
  if (mark.computed === false) return { text: T.tabNoData, long: T.tabNoDataLong, color: 'gray' };
  return null;
}

function TabMarkBadges({ mark }: { mark: TabMark | undefined }) {
  if (!mark) return null;
  const status = statusOf(mark);
  return (
    <Group aria-hidden gap={4} wrap="nowrap" data-testid="tab-mark">
      {mark.invalid > 0 ? (
        <Badge size="sm" variant="filled" color="red" data-testid="tab-mark-invalid">
          {T.tabInvalid(mark.invalid)}
        </Badge>
      ) : null}
      {status ? (
        <Badge size="sm" variant="light" color={status.color} data-testid="tab-mark-status">
          {status.text}
        </Badge>
      ) : null}
    </Group>
  );
}

const SampleTabBar = memo(function SampleTabBar({
  tab,
  onTab,
  marks,
  access,
}: {
  tab: SampleBlockName;
  onTab(tab: SampleBlockName): void;
  marks: TabMarks;
  access: Readonly<Record<SampleBlockName, TabAccess>>;
}) {
  return (
    <Tabs id={TABS_ID} value={tab} onChange={(value) => value && onTab(value as SampleBlockName)}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {SAMPLE_TABS.filter((item) => access[item.block] !== 'hidden').map((item) => (
          <Tabs.Tab
            key={item.block}
            value={item.block}
            mih={44}
            style={{ flexShrink: 0 }}
            rightSection={<TabMarkBadges mark={marks[item.block]} />}
            aria-description={descriptionOf(marks[item.block])}
          >
            {item.title}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
});

function descriptionOf(mark: TabMark | undefined): string | undefined {
  if (!mark) return undefined;
  const status = statusOf(mark);
  return [mark.invalid > 0 ? T.tabInvalidLong(mark.invalid) : null, status?.long ?? null].filter(Boolean).join('; ') || undefined;
}
