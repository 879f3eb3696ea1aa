/**
 * The public area's frame (login and password pages): the product name
 * above a centred card.
 */
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../product-name';

export function PublicLayout() {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={420} gap="lg">
        <Stack gap={2} align="center">
          <img src="/icons/icon-192.png" alt="" width={64} height={64} />
          <Title order={1} size="h2" c="cyan.9">
            {PRODUCT_NAME}
          </Title>
          <Text c="dimmed" size="sm">
            Gestão de higiene ocupacional
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Outlet />
        </Paper>
      </Stack>
    </Center>
  );
}
