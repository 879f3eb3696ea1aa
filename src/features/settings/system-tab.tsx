/**
 * 'Variáveis do sistema' (spec sections 3 and 4): the logo, the warranty
 * days, the calibration alert days and whether whoever finalized a sample
 * may also approve it (issue 28, `settings_allowSelfApproval`, '1' or '';
 * off by default: a one-person consultancy turns it on). Spec section 4: when a new logo file
 * was chosen it is uploaded first (`POST api/file`, images only), then the
 * options are saved with its path; an upload already done is not repeated
 * when only the options' save has to be tried again.
 */
import { Button, FileInput, Group, Image, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  fileUploadResponseSchema,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  LOGO_TYPES,
  SETTINGS_MESSAGES,
  SYSTEM_FIELDS,
  settingFlag,
} from '@sync/contract/settings-groups';
import { useSyncContext } from '@sync/react/context';
import { alertDanger, alertWarning } from '@/ui/alerts';
import { SETTINGS_TEXTS, SYSTEM_TEXTS } from './settings-texts';
import { groupValues, useGroupForm } from './use-group-form';
import { refusalLines, useSaveSettings } from './use-save-settings';

const canPreview = () => typeof URL.createObjectURL === 'function';

/** A picture of the stored logo, fetched with the session (online only). */
function useStoredLogo(path: string): { url: string | null; unavailable: boolean } {
  const { engine } = useSyncContext();
  const [state, setState] = useState<{ url: string | null; unavailable: boolean }>({ url: null, unavailable: false });
  useEffect(() => {
    if (!path || !engine || !canPreview()) {
      setState({ url: null, unavailable: false });
      return;
    }
    let url: string | null = null;
    let stopped = false;
    engine.files.download(path).then(
      (blob) => {
        if (stopped) return;
        url = URL.createObjectURL(blob);
        setState({ url, unavailable: false });
      },
      () => !stopped && setState({ url: null, unavailable: true }),
    );
    return () => {
      stopped = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, engine]);
  return state;
}

/** The chosen file's problem, shown as the spec's warning; null when it may be uploaded. */
function logoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return LOGO_MESSAGES.unsupported(file.type || file.name);
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_MESSAGES.unsupported(file.type);
  if (file.size > LOGO_MAX_BYTES) return LOGO_MESSAGES.tooLarge;
  return null;
}

export function SystemTab({ settings }: { settings: Readonly<Record<string, string>> }) {
  const group = useGroupForm('settings', SYSTEM_FIELDS, () => groupValues('settings', SYSTEM_FIELDS, settings));
  const { save, saving, send } = useSaveSettings();
  const [file, setFile] = useState<File | null>(null);
  /** The file already uploaded and the path the server gave it. */
  const [uploaded, setUploaded] = useState<{ file: File; path: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const stored = useStoredLogo(settings.settings_logo ?? '');
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file || !canPreview()) {
      setChosenUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setChosenUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    if (chosen) {
      const problem = logoProblem(chosen);
      if (problem) {
        alertWarning(problem);
        return;
      }
    }
    setFile(chosen);
  };

  /** Uploads the chosen file unless it was already; the path to save, or null when the upload was refused. */
  const uploadChosen = async (): Promise<string | null> => {
    if (!file) return group.values.logo ?? '';
    if (uploaded?.file === file) return uploaded.path;
    const form = new FormData();
    form.append('file', file, file.name);
    setUploading(true);
    try {
      const answer = await send({ method: 'POST', path: 'api/file', form, pulls: [] }, fileUploadResponseSchema);
      setUploaded({ file, path: answer.path });
      return answer.path;
    } catch (error) {
      alertDanger(refusalLines(error));
      return null;
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    const options = group.read();
    if (!options) return;
    const logo = await uploadChosen();
    if (logo === null) return;
    group.form.setFieldValue('logo', logo);
    const outcome = await save(
      options.map((o) => (o.option === 'settings_logo' ? { ...o, value: logo } : o)),
      SETTINGS_MESSAGES.variablesSaved,
    );
    if (outcome.ok) {
      setFile(null);
      setUploaded(null);
    } else {
      group.editor.showSaveError(outcome.error);
    }
  };

  const preview = chosenUrl ?? stored.url;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs">
            <FileInput
              label={SYSTEM_TEXTS.logo}
              description={SYSTEM_TEXTS.logoHint}
              placeholder={SYSTEM_TEXTS.logoPlaceholder}
              accept={LOGO_TYPES.join(',')}
              value={file}
              onChange={choose}
              clearable
              error={group.editor.form.errors.logo}
            />
            {preview ? (
              <Image src={preview} alt={SYSTEM_TEXTS.logoCurrent} h={80} w="auto" fit="contain" />
            ) : (
              <Text size="sm" c="dimmed">
                {group.values.logo ? (stored.unavailable ? SYSTEM_TEXTS.logoUnavailable : SYSTEM_TEXTS.logoCurrent) : SYSTEM_TEXTS.logoNone}
              </Text>
            )}
          </Stack>
          <Stack gap="md">
            <TextInput label={SYSTEM_TEXTS.warranty} inputMode="numeric" {...group.field('warranty')} />
            <TextInput label={SYSTEM_TEXTS.timeAlert} inputMode="numeric" {...group.field('timeAlert')} />
          </Stack>
        </SimpleGrid>
        <Switch
          label={SYSTEM_TEXTS.allowSelfApproval}
          name="allowSelfApproval"
          size="md"
          checked={settingFlag(group.values.allowSelfApproval)}
          onChange={(event) => group.form.setFieldValue('allowSelfApproval', event.currentTarget.checked ? '1' : '')}
          error={group.form.errors.allowSelfApproval}
          styles={{ body: { minHeight: 44, alignItems: 'center' } }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving || uploading}>
            {SETTINGS_TEXTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
