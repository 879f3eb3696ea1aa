/**
 * The review rules' options as this device knows them: whether whoever
 * finalized a sample may approve it (`settings_allowSelfApproval`, for
 * one-person consultancies), read from the settings kept on the device.
 * The server decides with its own copy; this only decides what is offered.
 */
import { useMemo } from 'react';
import type { ReviewOptions } from '@sync/contract/samples';
import { settingName, settingsMap } from '@sync/contract/settings';
import { settingFlag } from '@sync/contract/settings-groups';
import { useLocalList } from '@sync/react/use-local-record';

const SELF_APPROVAL = settingName('settings', 'allowSelfApproval');

export function useReviewOptions(): ReviewOptions {
  const settings = useLocalList('settings');
  const value = settings.loading ? undefined : settingsMap(settings.rows)[SELF_APPROVAL];
  const allowSelfApproval = settingFlag(value);
  return useMemo(() => ({ allowSelfApproval }), [allowSelfApproval]);
}
