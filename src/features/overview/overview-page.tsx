/**
 * 'Visão Global' (/admin/overview): a welcome and shortcuts to the areas the
 * user can open. The dashboard statistics of samples.md come with their
 * own issue.
 */
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export interface OverviewArea {
  label: string;
  to: string;
  description?: string;
}

export function OverviewPage({ userName, areas }: { userName: string; areas: OverviewArea[] }) {
  const firstName = userName.trim().split(/\s+/)[0] ?? userName;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Visão Global</Title>
        <Text c="dimmed">Olá, {firstName}! Bem-vindo(a) de volta.</Text>
      </div>
      {areas.length > 0 ? (
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
