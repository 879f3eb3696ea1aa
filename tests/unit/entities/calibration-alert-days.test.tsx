/**
 * The calibration warnings follow the 'time alert' setting as the device
 * has it (`settings_timeAlert`, pulled with the settings), not a fixed 30
 * days: the sample's calibration notice (every result tab shows it) and the
 * equipment list's badge. Unset, the window is 30 days.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { SyncDatabase } from '@sync/store/database';
import { CalibrationNotice, ExpiryBadge } from '@/entities/equipment';
import { closeTestDb, openTestDb } from '../features/render-app';
import { pullSettings } from '../features/samples/render-tab';
import { renderWithProviders } from '../support/render';

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(async () => {
  cleanup();
  await closeTestDb(db);
});

const SOON = 'Calibração vence em breve: Dosímetro tem validade até 31/03/2026.';

/** The notice for an instrument valid until 31/03/2026, measured `daysBefore` days before (March has 31 days). */
async function notice(daysBefore: number) {
  const day = String(31 - daysBefore).padStart(2, '0');
  return renderWithProviders(<CalibrationNotice name="Dosímetro" validity="31/03/2026" referenceDate={`2026-03-${day}`} />, { db });
}

describe('calibration notice and badge with the time alert setting', () => {
  it.each([
    // [setting (stored as text, '5'), days before the expiry, warns]
    [5, 11, false],
    [5, 5, true],
    [20, 20, true],
    [20, 21, false],
    [0, 0, true],
    [0, 1, false],
  ] as const)('time alert %s, %d days ahead → warns: %s', async (setting, daysBefore, warns) => {
    await pullSettings(db, { settings_timeAlert: setting });
    await notice(daysBefore);
    // Until the store answers, the window is the default 30 days, which warns in every case here: a case
    // that must not warn waits for the notice to go once the setting is read (it stays when the setting is ignored).
    if (warns) expect(await screen.findByRole('status')).toHaveTextContent(SOON);
    else await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('a window longer than 30 days warns earlier', async () => {
    await pullSettings(db, { settings_timeAlert: 60 });
    await renderWithProviders(<CalibrationNotice name="Dosímetro" validity="31/03/2026" referenceDate="2026-02-01" />, { db });
    expect(await screen.findByRole('status')).toHaveTextContent(SOON);
  });

  it('without the setting on the device the window is 30 days', async () => {
    await renderWithProviders(
      <>
        <CalibrationNotice name="Dosímetro" validity="31/03/2026" referenceDate="2026-03-01" />
        <ExpiryBadge expirationDate="2026-04-01" today="2026-03-01" />
      </>,
      { db },
    );
    expect(await screen.findByRole('status')).toHaveTextContent(SOON);
    expect(screen.queryByText('Vence em breve')).toBeNull();
  });

  it('the badge warns within the setting and still says Vencido past the date', async () => {
    await pullSettings(db, { settings_timeAlert: 90 });
    await renderWithProviders(
      <>
        <ExpiryBadge expirationDate="2026-05-30" today="2026-03-01" />
        <ExpiryBadge expirationDate="2026-02-28" today="2026-03-01" />
        <ExpiryBadge expirationDate="2026-05-31" today="2026-03-01" />
      </>,
      { db },
    );
    expect(await screen.findByText('Vence em breve')).toBeInTheDocument();
    expect(screen.getAllByText('Vence em breve')).toHaveLength(1);
    expect(screen.getByText('Vencido')).toBeInTheDocument();
  });
});
