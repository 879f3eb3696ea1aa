/**
 * The generic error page (/errors, spec section 2), also shown when a route
 * fails to render.
 */
import { Button, Center, Stack, Text, Title } from '@mantine/core';

export function ErrorPage() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={2}>Something went wrong!</Title>
        <Text c="dimmed">Tente novamente em instantes.</Text>
        <Button component="a" href="/admin/overview" variant="light">
          Voltar ao início
        </Button>
      </Stack>
    </Center>
  );
}
