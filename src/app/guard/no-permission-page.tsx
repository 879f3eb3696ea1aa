/**
 * The 'sem permissão' page: shown in place of a screen whose module the user
 * does not have (see module-access.ts). The spec has no text for it; the
 * wording is recorded in docs/decisions/tablet-shell.md.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { MODULES, type ModuleSlug } from '@sync/contract/modules';

export const NO_PERMISSION_TEXTS = {
  title: 'Sem permissão',
  message: 'Você não tem permissão para acessar esta área.',
  hint: 'Se precisar dela, peça ao administrador que libere o módulo para o seu departamento.',
  back: 'Voltar para a Visão Global',
} as const;

export function NoPermissionPage({ module }: { module: ModuleSlug }) {
  const name = MODULES.find((m) => m.slug === module)?.name ?? module;
  return (
    <Stack gap="md" data-testid="no-permission">
      <Title order={2}>{NO_PERMISSION_TEXTS.title}</Title>
      <Alert color="orange" variant="light" title={NO_PERMISSION_TEXTS.message}>
        <Stack gap="xs">
          <Text size="sm">Módulo: {name}</Text>
          <Text size="sm">{NO_PERMISSION_TEXTS.hint}</Text>
          <Button variant="default" w="fit-content" renderRoot={(props) => <Link {...props} to="/admin/overview" />}>
            {NO_PERMISSION_TEXTS.back}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
