/**
 * The settings as the device has them (the read-only `settings` list,
 * pulled by the engine and after every save): option name → value, or null
 * while the local store answers. Readable offline.
 */
import { useMemo } from 'react';
import { settingsMap } from '@sync/contract/settings';
import { useLocalList } from '@sync/react/use-local-record';

export function useSettingsMap(): Record<string, string> | null {
  const list = useLocalList('settings');
  const rows = list.loading ? null : list.rows;
  return useMemo(() => (rows ? settingsMap(rows) : null), [rows]);
}
