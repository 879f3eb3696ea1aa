/**
 * One stat card (samples.md "Dashboard items"): the label, the value, the
 * change against the previous period (green up, red down), and its small
 * series as a sparkline, or, for the calibrations, how many have expired
 * and how many are about to.
 */
import { Box, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { DASHBOARD_TEXTS } from '@sync/contract/dashboard';
import type { StatCard as StatCardData } from '@/domain/dashboard-figures';
import { Sparkline } from '@/ui/sparkline';
import { formatChange, formatStatValue } from './format';

/** The card whose datasets are a breakdown, not a series over the period. */
const BREAKDOWN_KEYS: ReadonlySet<StatCardData['key']> = new Set(['calibrations-due']);

function Change({ card }: { card: StatCardData }) {
  const text = formatChange(card);
  if (!text) return null;
  const color = card.increase ? 'teal.8' : card.decrease ? 'red.8' : 'dimmed';
  const arrow = card.increase ? '▲ ' : card.decrease ? '▼ ' : '';
  return (
    <Text size="xs" c="dimmed" data-testid="stat-change">
      <Text span inherit c={color} fw={600}>
        {arrow}
        {text}
      </Text>{' '}
      {DASHBOARD_TEXTS.previous}
    </Text>
  );
}

export function StatCard({ card }: { card: StatCardData }) {
  const breakdown = BREAKDOWN_KEYS.has(card.key);
  const series = !breakdown && card.datasets.length > 1 ? card.datasets.map((point) => point.value) : null;
  return (
    <Card withBorder radius="md" padding="md" data-testid={`stat-${card.key}`} aria-label={card.label} role="group">
      <Text size="sm" c="dimmed" fw={500}>
        {card.label}
      </Text>
      <Text size="xl" fw={700} data-testid="stat-value">
        {formatStatValue(card.format, card.value)}
      </Text>
      <Change card={card} />
      {breakdown ? (
        <Group gap="md" mt={4}>
          {card.datasets.map((point) => (
            <Text key={point.label} size="xs" c="dimmed">
              {point.label}: {formatStatValue('count', point.value)}
            </Text>
          ))}
        </Group>
      ) : null}
      {series ? (
        <Box mt="xs" h={36}>
          <Sparkline values={series} height={36} color="var(--mantine-color-cyan-6)" />
        </Box>
      ) : null}
    </Card>
  );
}

export function StatCards({ cards }: { cards: readonly StatCardData[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {cards.map((card) => (
        <StatCard key={card.key} card={card} />
      ))}
    </SimpleGrid>
  );
}
