/**
 * The instrument and calibrator pickers of the field memory: only equipment
 * of the right type from the device, the choice copies name, serial number,
 * certificate and expiry date, clearing it clears them, and a calibration
 * expired on the measurement day (or about to) is said plainly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyServerRecords, keysWithEntries } from '@sync/engine/apply-server';
import { saveRecord } from '@sync/engine/mutations';
import { emptyHeatBlocks } from '@sync/contract/samples/heat';
import { emptyNoiseBlocks, type NoiseMemory } from '@sync/contract/samples/noise';
import type { SyncDatabase } from '@sync/store/database';
import { HeatMemoryTab, HeatResultTab } from '@/features/samples/heat';
import { NoiseMemoryTab, NoiseResultTab } from '@/features/samples/noise';
import { closeTestDb, openTestDb } from '../render-app';
import { pullSettings, renderTab } from './render-tab';

const user = userEvent.setup({ delay: null });

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
  // Unmount first: the pickers' reads must not meet a closed store.
  cleanup();
  await closeTestDb(db);
});

function select(label: string) {
  return screen.getAllByLabelText(label).find((el) => el.getAttribute('type') !== 'hidden')!;
}

describe('instrument and calibrator pickers', { timeout: 30_000 }, () => {
  it('lists only equipment of the type, copies the four fields and clears them', async () => {
    const memory: NoiseMemory = { ...emptyNoiseBlocks().memory_field, data: '20/03/2026' };
    const tab = await renderTab(db, NoiseMemoryTab, memory);
    await user.click(select('Instrumento'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Dosímetro DOS-500 (nº D123)']);
    await user.click(options[0]!);
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

    await user.click(select('Calibrador'));
    await user.click(await screen.findByRole('option', { name: 'Calibrador CAL-10 (nº C9)' }));
    await waitFor(() =>
      expect(tab.value()).toMatchObject({ gauge: 'Calibrador CAL-10', gauge_serie: 'C9', gauge_certificate: 'RBC-77', gauge_validity: '31/12/2027' }),
    );

    const instrument = select('Instrumento').closest('.mantine-Select-root') as HTMLElement;
    await user.click(within(instrument).getByRole('button', { hidden: true }));
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

/** A sample as pulled from the server (saved by anyone, on any device) with this field memory. */
async function pulledSample(id: number, slug: 'noise' | 'heat', updatedAt: string, memory: Record<string, string>): Promise<string> {
  const type = slug === 'noise' ? { id: 3, name: 'Ruído', slug } : { id: 4, name: 'Calor', slug };
  const wire = {
    id,
    sample_no: id,
    customer_id: 7,
    company_name: 'Metalúrgica Exemplo',
    company_city: 'Campinas',
    quotation_id: 5,
    quotation_row_id: null,
    plan_unit: null,
    type_id: type.id,
    type,
    agent_name: type.name,
    employee: null,
    chemical_agent: null,
    caracterization: {},
    memory_field: memory,
    result: {},
    risk_classification: {},
    validation: {},
    files: [],
    f_created_at: '20/11/2026',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: updatedAt,
  };
  await db.write(async (store) => applyServerRecords(store, store.registry.get('samples'), [wire], await keysWithEntries(store)));
  const sample = await db.records('samples').where('id').equals(id).first();
  return sample!.key;
}

/** The options' names, without the expiry flag (judged against the measurement day, today for heat). */
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent?.replace(' · vencido', ''));

describe('the equipment used last offered first (issue 21)', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await saveRecord(db, 'equipment', null, { name: 'Dosímetro DOS-700', type: 'instrumento', serial_number: 'D700', expiration_date: '2027-06-30' });
    await saveRecord(db, 'equipment', null, { name: 'Medidor IBUTG', type: 'instrumento', serial_number: 'M1', expiration_date: '2027-06-30' });
    await saveRecord(db, 'equipment', null, { name: 'Calibrador CAL-20', type: 'calibrador', serial_number: 'C20', expiration_date: '2027-06-30' });
    await pulledSample(21, 'noise', '2026-11-19T10:00:00.000Z', {
      instrument: 'Dosímetro DOS-500',
      instrument_serie: 'D123',
      gauge: 'Calibrador CAL-10',
      gauge_serie: 'C9',
    });
    await pulledSample(22, 'noise', '2026-11-20T10:00:00.000Z', {
      instrument: 'Dosímetro DOS-700',
      instrument_serie: 'D700',
      gauge: 'Calibrador CAL-20',
      gauge_serie: 'C20',
    });
    // The newest of all, but a heat sample: not offered for noise.
    await pulledSample(23, 'heat', '2026-11-21T10:00:00.000Z', { instrument: 'Medidor IBUTG', instrument_serie: 'M1' });
  });

  it('offers the latest of the same type on top, without choosing it', async () => {
    const tab = await renderTab(db, NoiseMemoryTab, { ...emptyNoiseBlocks().memory_field, data: '20/11/2026' }, { type_id: 3 });
    await user.click(select('Instrumento'));
    await waitFor(() => expect(optionNames()).toEqual(['Dosímetro DOS-700 (nº D700)', 'Dosímetro DOS-500 (nº D123)', 'Medidor IBUTG (nº M1)']));
    const open = within(screen.getByRole('listbox'));
    expect(open.getByText('Usado por último')).toBeInTheDocument();
    expect(open.getByText('Outros equipamentos')).toBeInTheDocument();
    // Offered, not filled in.
    expect(select('Instrumento')).toHaveValue('');
    expect(tab.value().instrument).toBe('');
    await user.click(screen.getByRole('option', { name: 'Dosímetro DOS-700 (nº D700)' }));
    await waitFor(() => expect(tab.value()).toMatchObject({ instrument: 'Dosímetro DOS-700', instrument_serie: 'D700' }));

    await user.click(select('Calibrador'));
    await waitFor(() => expect(optionNames()).toEqual(['Calibrador CAL-20 (nº C20)', 'Calibrador CAL-10 (nº C9)']));
  });

  it('a sample saved here and not sent yet comes before newer ones from the server', async () => {
    const key = await pulledSample(24, 'noise', '2026-11-02T10:00:00.000Z', {});
    await saveRecord(db, 'samples', key, {
      memory_field: { instrument: 'Dosímetro DOS-500', instrument_serie: 'D123', gauge: 'Calibrador CAL-10', gauge_serie: 'C9' },
    });
    await renderTab(db, NoiseMemoryTab, emptyNoiseBlocks().memory_field, { type_id: 3 });
    await user.click(select('Calibrador'));
    await waitFor(() => expect(optionNames()).toEqual(['Calibrador CAL-10 (nº C9)', 'Calibrador CAL-20 (nº C20)']));
  });

  it('a heat sample is offered the instrument of the heat samples', async () => {
    await renderTab(db, HeatMemoryTab, emptyHeatBlocks().memory_field, { type_id: 4 });
    await user.click(select('Instrumento'));
    await waitFor(() => expect(optionNames()).toEqual(['Medidor IBUTG (nº M1)', 'Dosímetro DOS-500 (nº D123)', 'Dosímetro DOS-700 (nº D700)']));
    // No heat sample used a calibrator: the plain list.
    await user.click(select('Calibrador'));
    await waitFor(() => expect(optionNames()).toEqual(['Calibrador CAL-10 (nº C9)', 'Calibrador CAL-20 (nº C20)']));
    expect(within(screen.getByRole('listbox')).queryByText('Usado por último')).toBeNull();
  });
});
