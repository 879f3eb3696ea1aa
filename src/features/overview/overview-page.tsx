/**
 * 'Visão Global' (/admin/overview), the default page of the admin area: a
 * welcome, then the dashboard (dashboard.tsx) for users with the dashboard
 * module, or shortcuts to the areas the user can open for the others.
 */
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Reader } from '@sync/contract/access';
import { Dashboard } from './dashboard';

export interface OverviewArea {
  label: string;
  to: string;
  description?: string;
}

export interface OverviewPageProps {
  userName: string;
  areas: OverviewArea[];
  /** What the user may read; with the dashboard module the page is the dashboard. */
  reader: Reader;
}

export function OverviewPage({ userName, areas, reader }: OverviewPageProps) {
  const firstName = userName.trim().split(/\s+/)[0] ?? userName;
  const dashboard = reader.isAdmin || reader.modules.includes('dashboard');
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Visão Global</Title>
        <Text c="dimmed">Olá, {firstName}! Bem-vindo(a) de volta.</Text>
      </div>
      {dashboard ? (
        <Dashboard reader={reader} />
      ) : areas.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {areas.map((area) => (
            <Card key={area.to} component={Link} to={area.to} withBorder padding="lg" radius="md" style={{ textDecoration: 'none' }}>
              <Text fw={600} c="cyan.9">
                {area.label}
              </Text>
              {area.description ? (
                <Text size="sm" c="dimmed" mt={4}>
                  {area.description}
                </Text>
              ) : null}
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">Seu usuário ainda não tem acesso a nenhuma área. Fale com um administrador.</Text>
      )}
    </Stack>
  );
}
