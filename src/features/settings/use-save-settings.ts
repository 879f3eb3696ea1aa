/**
 * Saving a group of options: `PUT api/settings` through the online-write
 * hook (refused at once offline with a plain message; the local settings
 * are pulled before it resolves, so every screen shows the new values).
 * A refusal shows every message of the answer joined by line breaks (spec
 * section 8) and hands the per-option messages back for the fields; the
 * form keeps what was typed either way.
 */
import { useState } from 'react';
import { flattenMessages } from '@sync/contract/settings-groups';
import { settingsResponseSchema } from '@sync/contract/settings';
import { SyncError } from '@sync/react';
import { useOnlineWrite } from '@sync/react/use-online-write';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';

export type SettingOption = { option: string; value: unknown };

export type SaveOutcome = { ok: true } | { ok: false; error: unknown };

/** The lines a refused save shows: the field messages once each, else the message. */
export function refusalLines(error: unknown): string[] {
  if (error instanceof SyncError) {
    const lines = flattenMessages(error.message, error.info.fields);
    if (lines.length > 0) return lines;
  }
  return [errorMessage(error)];
}

export function useSaveSettings() {
  const send = useOnlineWrite();
  const [saving, setSaving] = useState(false);

  const save = async (options: SettingOption[], success: string): Promise<SaveOutcome> => {
    setSaving(true);
    try {
      await send({ method: 'PUT', path: 'api/settings', body: { options }, pulls: ['settings'] }, settingsResponseSchema);
      alertSuccess(success);
      return { ok: true };
    } catch (error) {
      alertDanger(refusalLines(error));
      return { ok: false, error };
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, send };
}
