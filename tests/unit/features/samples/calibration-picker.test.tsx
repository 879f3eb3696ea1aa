/**
 * The instrument and calibrator pickers of the field memory: only equipment
 * of the right type from the device, the choice copies name, serial number,
 * certificate and expiry date, clearing it clears them, and a calibration
 * expired on the measurement day (or about to) is said plainly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveRecord } from '@sync/engine/mutations';
import { emptyHeatBlocks } from '@sync/contract/samples/heat';
import { emptyNoiseBlocks, type NoiseMemory } from '@sync/contract/samples/noise';
import type { SyncDatabase } from '@sync/store/database';
import { HeatResultTab } from '@/features/samples/heat';
import { NoiseMemoryTab, NoiseResultTab } from '@/features/samples/noise';
import { closeTestDb, openTestDb } from '../render-app';
import { pullSettings, renderTab } from './render-tab';

let db: SyncDatabase;
beforeEach(async () => {
  db = openTestDb();
  await pullSettings(db);
  await saveRecord(db, 'equipment', null, {
    name: 'Dosímetro DOS-500',
    type: 'instrumento',
    serial_number: 'D123',
    calibration_certificate: 'RBC-2026/1',
    expiration_date: '2026-03-31',
  });
  await saveRecord(db, 'equipment', null, {
    name: 'Calibrador CAL-10',
    type: 'calibrador',
    serial_number: 'C9',
    calibration_certificate: 'RBC-77',
    expiration_date: '2027-12-31',
  });
  await saveRecord(db, 'equipment', null, { name: 'Bomba de amostragem', type: null });
});
afterEach(async () => {
  await closeTestDb(db);
});

function select(label: string) {
  return screen.getAllByLabelText(label).find((el) => el.getAttribute('type') !== 'hidden')!;
}

describe('instrument and calibrator pickers', { timeout: 30_000 }, () => {
  it('lists only equipment of the type, copies the four fields and clears them', async () => {
    const memory: NoiseMemory = { ...emptyNoiseBlocks().memory_field, data: '20/03/2026' };
    const tab = await renderTab(db, NoiseMemoryTab, memory);
    await userEvent.click(select('Instrumento'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Dosímetro DOS-500 (nº D123)']);
    await userEvent.click(options[0]!);
    await waitFor(() =>
      expect(tab.value()).toMatchObject({
        instrument: 'Dosímetro DOS-500',
        instrument_serie: 'D123',
        instrument_certificate: 'RBC-2026/1',
        instrument_validity: '31/03/2026',
      }),
    );
    // Eleven days before the expiry on the measurement day: about to expire.
    expect(screen.getByRole('status')).toHaveTextContent('Calibração vence em breve: Dosímetro DOS-500 tem validade até 31/03/2026.');

    await userEvent.click(select('Calibrador'));
    await userEvent.click(await screen.findByRole('option', { name: 'Calibrador CAL-10 (nº C9)' }));
    await waitFor(() =>
      expect(tab.value()).toMatchObject({ gauge: 'Calibrador CAL-10', gauge_serie: 'C9', gauge_certificate: 'RBC-77', gauge_validity: '31/12/2027' }),
    );

    const instrument = select('Instrumento').closest('.mantine-Select-root') as HTMLElement;
    await userEvent.click(within(instrument).getByRole('button', { hidden: true }));
    await waitFor(() =>
      expect(tab.value()).toMatchObject({ instrument: '', instrument_serie: '', instrument_certificate: '', instrument_validity: '' }),
    );
    expect(tab.value().gauge).toBe('Calibrador CAL-10');
  });

  it('a measurement after the expiry shows the expired calibration plainly', async () => {
    const memory: NoiseMemory = {
      ...emptyNoiseBlocks().memory_field,
      data: '02/04/2026',
      instrument: 'Dosímetro DOS-500',
      instrument_serie: 'D123',
      instrument_certificate: 'RBC-2026/1',
      instrument_validity: '31/03/2026',
    };
    await renderTab(db, NoiseMemoryTab, memory);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Calibração vencida: Dosímetro DOS-500 tem validade até 31/03/2026, anterior à data da medição.',
    );
    await waitFor(() => expect(select('Instrumento')).toHaveValue('Dosímetro DOS-500 (nº D123) · vencido'));
  });

  it('a copy whose equipment is no longer on the device still shows', async () => {
    const memory: NoiseMemory = { ...emptyNoiseBlocks().memory_field, instrument: 'Decibelímetro antigo', instrument_serie: 'X1' };
    await renderTab(db, NoiseMemoryTab, memory);
    await waitFor(() => expect(select('Instrumento')).toHaveValue('Decibelímetro antigo (nº X1)'));
  });
});

describe('the expired calibration next to the conclusions', { timeout: 30_000 }, () => {
  it.each([
    ['noise', '02/04/2026', 'Calibração vencida: Dosímetro DOS-500 tem validade até 31/03/2026, anterior à data da medição.'],
    ['noise', '20/02/2026', null],
  ] as const)('%s Resultado, measured on %s', async (_, data, message) => {
    const memory = { data, instrument: 'Dosímetro DOS-500', instrument_validity: '31/03/2026' };
    await renderTab(db, NoiseResultTab, emptyNoiseBlocks().result, { memory_field: memory });
    if (message) expect(screen.getByRole('alert')).toHaveTextContent(message);
    else expect(screen.queryByRole('alert')).toBeNull();
  });

  it('heat Resultado judges against today (its memory has no date)', async () => {
    await renderTab(db, HeatResultTab, emptyHeatBlocks().result, { memory_field: { gauge: 'Calibrador CAL-10', gauge_validity: '01/01/2020' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Calibração vencida: Calibrador CAL-10 tem validade até 01/01/2020');
  });
});
