/**
 * FIELD-UX items 3 and 9 on the sample page, on a real local store
 * (fake-indexeddb), offline: the tab marks follow the type's required
 * fields as they are typed; every required field of the table carries the
 * mark on the form; 'Verificar' lists what is blank by tab and jumps to it;
 * Salvar still saves an incomplete sample; 'Duplicar amostra' makes a copy
 * for the next worker, with the type's cleared fields, and opens it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveRecord, saveRecords } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import type { LocalSample } from '@sync/store/registry';
import { planSaves } from '@/entities/sample/plan';
import { SampleEditPage, SampleListPage } from '@/features/samples';
import { SAMPLE_TYPE_RULES } from '@/features/samples/sample-tabs';
import { SAMPLE_TABS } from '@/features/samples/sample-tab-types';
import { closeTestDb, openTestDb, renderApp, type RouteView } from '../render-app';

vi.setConfig({ testTimeout: 20_000 });

const routes: Record<string, RouteView> = {
  '/admin/amostra/$sampleId': ({ params }) => <SampleEditPage sampleId={params.sampleId!} />,
  '/admin/amostra/lista/$quotationId/$page': ({ params, search }) => (
    <SampleListPage quotationId={params.quotationId!} page={Number(params.page)} search={search.busca} />
  ),
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

/** A quotation's plan on the device: one noise and one heat sample. */
async function plan() {
  const customer = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'contato@alfa.com.br', phone: '(11) 3322-4455' });
  const rows = [
    { name: 'Ruído contínuo', product_type_id: 3, quantity: 1, value: 10 },
    { name: 'Calor', product_type_id: 4, quantity: 1, value: 10 },
  ];
  const key = await saveRecord(db, 'quotations', null, { customer_key: customer, rows, total: 20 });
  await db.records('quotations').update(key, { status: 'approved', able_create_sample: true });
  await saveRecords(db, planSaves({ key, rows } as never));
  const samples = (await db.records('samples').toArray()) as unknown as LocalSample[];
  return { quotation: key, noise: samples.find((s) => s.type_id === 3)!, heat: samples.find((s) => s.type_id === 4)! };
}

const tab = (title: string) => screen.getByRole('tab', { name: title });
const markOf = (title: string) => within(tab(title)).queryByTestId('tab-mark')?.textContent ?? null;

describe('the tab marks and the required mark', () => {
  it('say per tab how many required fields are blank, and follow what is typed', async () => {
    const { noise } = await plan();
    await renderApp(db, routes, `/admin/amostra/${noise.key}`);
    await screen.findByText('Amostras/Editar');
    expect(SAMPLE_TABS.map(({ title }) => markOf(title))).toEqual(['Faltam 3', 'Faltam 7', 'Faltam 2', 'Faltam 2', 'Faltam 4']);
    expect(tab('Caracterização')).toHaveAttribute('aria-description', '3 campos obrigatórios em branco');
    fireEvent.change(screen.getByLabelText('Funcionário'), { target: { value: 'João' } });
    fireEvent.change(screen.getByLabelText('Função'), { target: { value: 'Soldador' } });
    await waitFor(() => expect(markOf('Caracterização')).toBe('Falta 1'));
    fireEvent.change(screen.getByLabelText('Setor'), { target: { value: 'Solda' } });
    await waitFor(() => expect(markOf('Caracterização')).toBe('Completa'));
    expect(tab('Caracterização')).toHaveAttribute('aria-description', 'Completa');
    // Not required: no mark on its label.
    expect(screen.getByLabelText('GHE')).not.toHaveAttribute('aria-required');
  });

  it.each([
    ['noise', 'noise'],
    ['heat', 'heat'],
  ] as const)('every required field of the %s table is on its tab with the mark', async (_case, slug) => {
    const samples = await plan();
    await renderApp(db, routes, `/admin/amostra/${samples[slug].key}`);
    await screen.findByText('Amostras/Editar');
    for (const { block, title } of SAMPLE_TABS) {
      fireEvent.click(tab(title));
      const required = SAMPLE_TYPE_RULES[slug].required.filter((field) => field.block === block);
      for (const field of required) {
        const path = `${block}.${field.path.replace('*', '0')}`;
        const element = await waitFor(() => {
          const found = document.querySelector(`[data-field="${path}"]`);
          expect(found, path).not.toBeNull();
          return found!;
        });
        expect(element, path).toHaveAttribute('aria-required', 'true');
        const label = document.querySelector(`label[for="${element.id}"]`);
        expect(label, path).toHaveAttribute('data-required', 'true');
      }
    }
  });
});

describe("'Verificar'", () => {
  it('lists the blank required fields by tab and jumps to one: its tab opens and the field has the focus', async () => {
    const { heat } = await plan();
    await saveRecord(db, 'samples', heat.key, { caracterization: { employee: 'Maria', function: 'Forneira', sector: 'Fundição' } });
    await renderApp(db, routes, `/admin/amostra/${heat.key}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Verificar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Campos obrigatórios' });
    expect(within(dialog).getByText('Faltam 20 campos obrigatórios. Toque num deles para ir até o campo.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Caracterização' })).not.toBeInTheDocument();
    const memory = within(dialog).getByRole('group', { name: 'Memória de campo' });
    expect(
      within(memory)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Instrumento',
      'Tarefa 1: Tarefa',
      'Tarefa 1: Hora inicial',
      'Tarefa 1: Hora final',
      'Tarefa 1: Taxa metabólica (W)',
      'Tarefa 1: tbn (°C)',
      'Tarefa 1: tg (°C)',
    ]);
    expect(within(within(dialog).getByRole('group', { name: 'Resultado' })).getAllByRole('button')).toHaveLength(1);
    expect(within(within(dialog).getByRole('group', { name: 'Validação da medição' })).getAllByRole('button')).toHaveLength(12);

    fireEvent.click(within(memory).getByRole('button', { name: 'Tarefa 1: Hora final' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tab('Memória de campo')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field', 'memory_field.tasks.0.final'));
    expect(document.activeElement).toHaveAccessibleName('Hora final');
  });

  it('says when nothing is missing', async () => {
    const { noise } = await plan();
    await renderApp(db, routes, `/admin/amostra/${noise.key}`);
    // Fill every required field through the record, as a finished sample would be.
    const filled: Record<string, Record<string, unknown>> = {
      caracterization: {},
      memory_field: {},
      result: {},
      risk_classification: {},
      validation: {},
    };
    for (const field of SAMPLE_TYPE_RULES.noise.required) {
      const [first, second] = field.path.split('.');
      const block = filled[field.block]!;
      if (second)
        block[first!] = { ...(block[first!] as object), [second]: field.path.endsWith('dose8') || field.path.endsWith('dose_daily') ? '50' : 'x' };
      else block[first!] = 'x';
    }
    Object.assign(filled.memory_field!, {
      data: '20/11/2026',
      initial_time: '07:00',
      final_time: '12:00',
      initial_calibration: '114',
      final_calibration: '114',
    });
    Object.assign(filled.validation!, { exposition: 'Sim', exposition_type: 'Normal' });
    await saveRecord(db, 'samples', noise.key, filled);
    fireEvent.click(await screen.findByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Todos os campos obrigatórios estão preenchidos.')).toBeInTheDocument();
  });

  it('never blocks Salvar: an incomplete sample is saved', async () => {
    const { noise } = await plan();
    await renderApp(db, routes, `/admin/amostra/${noise.key}`);
    fireEvent.change(await screen.findByLabelText('GHE'), { target: { value: 'GHE 09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Amostragem salva com sucesso')).toBeInTheDocument();
    expect((await db.records('samples').get(noise.key))!.caracterization).toMatchObject({ ghe: 'GHE 09' });
  });
});

describe("'Duplicar amostra'", () => {
  it('makes a copy for the next worker from what is on screen, opens it, and leaves the source alone', async () => {
    const { noise, quotation } = await plan();
    await saveRecord(db, 'samples', noise.key, {
      caracterization: { employee: 'João', register: '123', ghe: 'GHE 02', function: 'Soldador', sector: 'Solda' },
      memory_field: {
        instrument: 'Dosímetro X',
        gauge: 'Calibrador Y',
        data: '20/11/2026',
        initial_time: '07:00',
        final_time: '12:00',
        task: 'Solda',
      },
      result: { nho: { code: 'R1', result: '80' } },
      validation: { justify: 'Jornada típica' },
    });
    const app = await renderApp(db, routes, `/admin/amostra/${noise.key}`);
    // Typed but not saved: the copy takes what is on screen.
    fireEvent.change(await screen.findByLabelText('Setor'), { target: { value: 'Solda 2' } });
    const outboxBefore = (await db.outbox.toArray()).length;
    fireEvent.click(screen.getByRole('button', { name: 'Duplicar amostra' }));
    expect(await screen.findByText('Amostra duplicada. Preencha o funcionário, os horários e as leituras.')).toBeInTheDocument();
    await waitFor(() => expect(app.path()).not.toBe(`/admin/amostra/${noise.key}`));
    const copyKey = app.path().split('/').pop()!;
    const copy = (await db.records('samples').get(copyKey)) as unknown as LocalSample;
    expect(copy).toMatchObject({
      quotation_key: quotation,
      type_id: 3,
      quotation_row_id: 1,
      plan_unit: null,
      sample_no: 3,
      agent_name: 'Ruído contínuo',
    });
    expect(copy.caracterization).toEqual({ ghe: 'GHE 02', function: 'Soldador', sector: 'Solda 2' });
    expect(copy.memory_field).toMatchObject({
      instrument: 'Dosímetro X',
      gauge: 'Calibrador Y',
      task: 'Solda',
      data: '',
      initial_time: '',
      final_time: '',
    });
    expect(copy.result).toMatchObject({ nho: { code: 'R1', result: '' } });
    expect(copy.validation).toMatchObject({ justify: '' });
    expect((await db.outbox.toArray()).slice(outboxBefore).map((entry) => [entry.resource, entry.op])).toEqual([['samples', 'create']]);
    // The copy is open: its own blank worker, its kept fields.
    expect(await screen.findByDisplayValue('Solda 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Funcionário')).toHaveValue('');
    // The source is as it was saved (its unsaved 'Solda 2' stays its draft, not saved).
    expect(((await db.records('samples').get(noise.key)) as unknown as LocalSample).caracterization).toMatchObject({
      employee: 'João',
      sector: 'Solda',
    });
  });

  it("from the list's options: copies the saved heat sample (tasks kept, their times and readings cleared) and opens it", async () => {
    const { heat, quotation } = await plan();
    const task = {
      task: 'Forno',
      activity_type: 'Em pé',
      metabolism: '300',
      initial: '07:00',
      final: '08:00',
      tbn: '25',
      tg: '40',
      solar_load: 'Sim',
    };
    await saveRecord(db, 'samples', heat.key, {
      caracterization: { employee: 'Maria', function: 'Forneira', sector: 'Fundição' },
      memory_field: { instrument: 'Termômetro', tasks: [task, { ...task, task: 'Descanso' }] },
      result: { ibutg: '29,5', clothing: 'work-clothes' },
    });
    const app = await renderApp(db, routes, `/admin/amostra/lista/${quotation}/1`);
    const row = (await screen.findByText('Maria')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Duplicar' }));
    expect(await screen.findByText('Amostra duplicada. Preencha o funcionário, os horários e as leituras.')).toBeInTheDocument();
    await waitFor(() => expect(app.path()).toMatch(/^\/admin\/amostra\/[0-9a-f-]{36}$/));
    const copy = (await db.records('samples').get(app.path().split('/').pop()!)) as unknown as LocalSample;
    expect(copy).toMatchObject({ type_id: 4, quotation_row_id: 2, plan_unit: null, sample_no: 3 });
    expect(copy.caracterization).toEqual({ function: 'Forneira', sector: 'Fundição' });
    expect(copy.memory_field).toMatchObject({
      instrument: 'Termômetro',
      tasks: [
        { task: 'Forno', metabolism: '300', solar_load: 'Sim', initial: '', final: '', tbn: '', tg: '' },
        { task: 'Descanso', metabolism: '300', initial: '', tg: '' },
      ],
    });
    expect(copy.result).toMatchObject({ ibutg: '', clothing: 'work-clothes' });
    expect(await screen.findByText('Amostras/Editar')).toBeInTheDocument();
  });
});
