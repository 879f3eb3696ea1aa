/** What a non-administrator sees instead of the access-control screens (the server refuses them too). */
import { Alert, Stack, Title } from '@mantine/core';
import { ACCESS_TEXTS } from './access-control-texts';

export function AdminOnlyNotice() {
  return (
    <Stack gap="md" data-testid="admin-only">
      <Title order={3}>{ACCESS_TEXTS.adminsOnlyTitle}</Title>
      <Alert color="orange" variant="light">
        {ACCESS_TEXTS.adminsOnly}
      </Alert>
    </Stack>
  );
}
