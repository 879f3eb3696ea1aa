/**
 * The page shown by admin areas that are not built yet: the area's title
 * and 'Em construção', inside the normal layout.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';

export function AreaPlaceholder({ title, detail }: { title: string; detail?: string }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Paper withBorder p="xl">
        <Text fw={500}>Em construção</Text>
        {detail ? (
          <Text c="dimmed" size="sm" mt={4}>
            {detail}
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}
