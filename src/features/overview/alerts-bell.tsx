/**
 * The header's bell: the number of unread alerts (the server's, kept on the
 * device, plus the device's own sync failure), live and offline; pressed,
 * it opens the unread alerts with 'Marcar como lido', or says there are
 * none. Rendered inside the signed-in user's store (<SignedInSync>).
 */
import { ActionIcon, Indicator, Popover, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DASHBOARD_TEXTS } from '@sync/contract/dashboard';
import { AlertList } from './alert-list';
import { useAlerts } from './use-alerts';

function BellIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

export function AlertsBell() {
  const state = useAlerts();
  const [opened, dropdown] = useDisclosure(false);
  const unread = state.loading ? 0 : state.unread;
  const shown = state.loading ? [] : state.alerts.filter((alert) => alert.unread);
  return (
    <Popover
      opened={opened}
      onChange={(open) => (open ? dropdown.open() : dropdown.close())}
      position="bottom-end"
      width={340}
      withinPortal
      shadow="md"
    >
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" disabled={unread === 0} offset={6} data-testid="alerts-bell-count">
          <ActionIcon
            variant="subtle"
            color="gray"
            size={44}
            aria-label={DASHBOARD_TEXTS.bell(unread)}
            onClick={dropdown.toggle}
            data-testid="alerts-bell"
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={420} type="auto">
          <AlertList alerts={shown} onFollow={dropdown.close} emptyText={DASHBOARD_TEXTS.noUnread} />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
