/**
 * 'Perfil do usuário' (/admin/perfil): the signed-in user edits their name,
 * e-mail, phone (digits), image and password (with the old one), through
 * `POST api/user/profile` at once: offline the save is refused with a plain
 * message and everything typed stays. After a save the session's current
 * user is replaced with the server's answer (`onSaved`), so the header and
 * every screen show it. Type, role and modules are shown, not edited. Staff
 * also keep their council data here ('Conselho profissional', issue 28).
 */
import { useState } from 'react';
import { Avatar, Badge, Button, Card, Grid, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { mayRead, READ_ACCESS, readerOf } from '@sync/contract/access';
import { PROFILE_PATH, profileInputSchema, profileSaveResponseSchema } from '@sync/contract/user-input';
import type { CurrentUser } from '@sync/contract/user';
import { useOnlineWrite } from '@sync/react/use-online-write';
import { isAdminUser } from '@sync/react';
import { CouncilFields, OnlineOnlyNotice, roleLabel, toFormData, UserImageInput } from '@/entities/user';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage, useSchemaForm } from '@/ui/forms';
import { profileCouncilShown, profileFields, profileValues, type ProfileValues } from './profile-form';
import { PROFILE_TEXTS } from './profile-texts';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value?.trim() ? value : '—'}</Text>
    </div>
  );
}

export interface ProfilePageProps {
  user: CurrentUser;
  /** The saved user, as `GET api/user` answers it: the session keeps it. */
  onSaved: (user: CurrentUser) => void;
}

export function ProfilePage({ user, onSaved }: ProfilePageProps) {
  const form = useSchemaForm(profileInputSchema, () => profileValues(user));
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const send = useOnlineWrite();
  const f = PROFILE_TEXTS.fields;
  const councilShown = profileCouncilShown(user);

  const submit = async () => {
    if (!form.read().ok) return;
    setSaving(true);
    try {
      const values = form.form.getValues() as ProfileValues;
      // Whoever reads the users list sees their own change there at once.
      const pulls = mayRead(readerOf(user), READ_ACCESS.users) ? ['users'] : [];
      const body = toFormData(profileFields(values, councilShown), image);
      const answer = await send({ method: 'POST', path: PROFILE_PATH, form: body, pulls }, profileSaveResponseSchema);
      onSaved(answer.user);
      alertSuccess(answer.message);
      setImage(null);
      form.form.setValues({ old_password: '', password: '', password_confirmation: '' });
      form.form.resetDirty();
    } catch (error) {
      if (!form.showSaveError(error)) alertDanger(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <Title order={2}>{PROFILE_TEXTS.title}</Title>
      <OnlineOnlyNotice />
      <Card withBorder padding="lg" radius="md">
        <form
          aria-label={PROFILE_TEXTS.card}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!saving) void submit();
          }}
        >
          <Stack gap="md">
            <Group gap="md">
              <Avatar src={user.settings.image?.url ?? null} size={64} radius="xl" color="cyan" alt="" />
              <div>
                <Text fw={600} size="lg">
                  {user.name}
                </Text>
                <Text c="dimmed" size="sm">
                  {user.settings.position || roleLabel(user)}
                </Text>
              </div>
            </Group>
            <Grid>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label={f.name} withAsterisk {...form.field('name')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label={f.email} type="email" withAsterisk {...form.field('email')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label={f.phone} inputMode="numeric" withAsterisk {...form.field('phone')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <UserImageInput label={f.image} placeholder={f.imagePlaceholder} value={image} onChange={setImage} />
              </Grid.Col>
              {councilShown ? (
                <Grid.Col span={12}>
                  <CouncilFields field={form.field} />
                </Grid.Col>
              ) : null}
              <Grid.Col span={{ base: 12, md: 4 }}>
                <PasswordInput label={f.oldPassword} autoComplete="current-password" {...form.field('old_password')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <PasswordInput label={f.password} autoComplete="new-password" description={f.passwordHint} {...form.field('password')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <PasswordInput label={f.passwordConfirmation} autoComplete="new-password" {...form.field('password_confirmation')} />
              </Grid.Col>
            </Grid>
            <Group justify="flex-end">
              <Button type="submit" loading={saving}>
                {PROFILE_TEXTS.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Text fw={600} mb="sm">
          {PROFILE_TEXTS.access}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="md">
          <Field label={f.username} value={user.username} />
          <Field label={f.position} value={user.settings.position} />
          <Field label={f.registrationCode} value={user.settings.registration_code} />
          <Field label={f.type} value={user.settings.type.name} />
          <Field label={f.role} value={roleLabel(user)} />
        </SimpleGrid>
        <Text fw={600} mb="sm">
          {PROFILE_TEXTS.modules}
        </Text>
        {isAdminUser(user) ? (
          <Text size="sm">{PROFILE_TEXTS.allModules}</Text>
        ) : user.modules.length > 0 ? (
          <Group gap="xs">
            {user.modules.map((module) => (
              <Badge key={module.id} variant="light">
                {module.name}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text c="dimmed" size="sm">
            {PROFILE_TEXTS.noModules}
          </Text>
        )}
      </Card>
    </Stack>
  );
}
