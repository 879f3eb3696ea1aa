/**
 * A stat card's small series as a sparkline (@mantine/charts on recharts,
 * about 140 kB gzip): loaded only by the dashboard, through `lazy` in
 * stat-card.tsx, so neither the login page nor any other page carries it.
 * Decorative: the card says the figures in words.
 */
import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';

export default function StatSparkline({ values }: { values: number[] }) {
  return <Sparkline data={values} h={36} curveType="monotone" color="cyan" fillOpacity={0.35} strokeWidth={1.5} aria-hidden="true" />;
}
