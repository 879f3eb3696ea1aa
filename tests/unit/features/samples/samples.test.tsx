/**
 * The samples screens on a real local store (fake-indexeddb), offline: the
 * quotation page's 'Amostra' (the plan made on the device, once) and 'Ver
 * amostras'; 'Amostras' grouped by quotation ('Ver orçamento' only with the
 * quotations module); a quotation's samples (type filter, search, delete,
 * 'Nova amostra'); the sample page (five tabs, 'Em breve', the draft kept as
 * typed and brought back after a reload, Salvar queues it, the send state
 * with the server's message).
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import { useLocalRecord } from '@sync/react/use-local-record';
import type { SyncDatabase } from '@sync/store/database';
import { draftKey } from '@sync/store/drafts';
import { QuotationSampleButton, type SampleAccess } from '@/features/quotations/quotation-sample-button';
import { SampleEditPage, SampleGroupsPage, SampleListPage } from '@/features/samples';
import { DRAFT_DELAY_MS } from '@/features/samples/use-sample-draft';
import { sampleTabOf } from '@/features/samples/sample-tabs';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { closeTestDb, openTestDb, renderApp, type RouteView } from '../render-app';
import { pullSettings } from './render-tab';

function QuotationView({ quotationKey, access }: { quotationKey: string; access: SampleAccess }) {
  const state = useLocalRecord('quotations', quotationKey);
  if (state.loading || !state.record) return <p>Carregando</p>;
  return (
    <>
      <p>Orçamento {quotationKey}</p>
      <QuotationSampleButton quotation={state.record} access={access} />
    </>
  );
}

const routes = (canSeeQuotations = true, access: SampleAccess = 'write'): Record<string, RouteView> => ({
  '/admin/orcamentos/$quotationId': ({ params }) => <QuotationView quotationKey={params.quotationId!} access={access} />,
  '/admin/amostra/lista/$page': ({ params, search }) => (
    <SampleGroupsPage page={Number(params.page)} search={search.busca} canSeeQuotations={canSeeQuotations} />
  ),
  '/admin/amostra/lista/$quotationId/$page': ({ params, search }) => (
    <SampleListPage quotationId={params.quotationId!} page={Number(params.page)} search={search.busca} />
  ),
  '/admin/amostra/$sampleId': ({ params }) => <SampleEditPage sampleId={params.sampleId!} />,
  '/admin/clientes/$customerId': ({ params }) => <p>Cliente {params.customerId}</p>,
});

// Each test makes a plan through the screen first: several store round trips on a shared machine.
vi.setConfig({ testTimeout: 20_000 });

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

/** The agent rows' ids (the quotation form gives every line one). */
const NOISE_ROW = 'a0a0a0a0a0a0a0a0a0a0a0a1';
const HEAT_ROW = 'b0b0b0b0b0b0b0b0b0b0b0b2';

/** A quotation on the device: 2 noise units (Estamparia, Operador de prensa) and 1 heat unit; approved unless told otherwise. */
async function quotation(status = 'approved', withRowIds = true) {
  const customer = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'contato@alfa.com.br', phone: '(11) 3322-4455' });
  const ids = (rowId: string) => (withRowIds ? { row_id: rowId } : {});
  const key = await saveRecord(db, 'quotations', null, {
    customer_key: customer,
    rows: [
      { ...ids(NOISE_ROW), name: 'Ruído contínuo', product_type_id: 3, sector: 'Estamparia', function: 'Operador de prensa', quantity: 2, value: 10 },
      { ...ids(HEAT_ROW), name: 'Calor', product_type_id: 4, quantity: 1, value: 10 },
    ],
    total: 30,
  });
  await db.records('quotations').update(key, { status, able_create_sample: status === 'approved' });
  return key;
}

const liveSamples = async () => (await db.records('samples').toArray()).filter((sample) => !sample._deleted);

async function makePlan(key: string) {
  await renderApp(db, routes(), `/admin/orcamentos/${key}`);
  const button = await screen.findByRole('button', { name: 'Amostra' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
  expect(await screen.findByText('Plano de amostragem criado com sucesso')).toBeInTheDocument();
  cleanup();
}

describe("the quotation's 'Amostra'", () => {
  it('makes the plan on the device, once, then offers Ver amostras', async () => {
    const key = await quotation();
    await makePlan(key);
    const samples = await liveSamples();
    expect(samples.map((s) => [s.sample_no, s.type_id, s.agent_name, s.quotation_row_id, s.plan_unit, s.company_name]).sort()).toEqual([
      [1, 3, 'Ruído contínuo', NOISE_ROW, 1, 'Metalúrgica Alfa'],
      [2, 3, 'Ruído contínuo', NOISE_ROW, 2, 'Metalúrgica Alfa'],
      [3, 4, 'Calor', HEAT_ROW, 1, 'Metalúrgica Alfa'],
    ]);
    // Each starts with what its row says: sector and function (when the row has them) and the agent.
    const bySample = Object.fromEntries(samples.map((s) => [s.sample_no as number, [s.caracterization, s.memory_field]]));
    expect(bySample).toEqual({
      1: [{ sector: 'Estamparia', function: 'Operador de prensa' }, { agent: 'Ruído contínuo' }],
      2: [{ sector: 'Estamparia', function: 'Operador de prensa' }, { agent: 'Ruído contínuo' }],
      3: [{}, { agent: 'Calor' }],
    });
    expect((await db.outbox.toArray()).filter((entry) => entry.resource === 'samples').map((entry) => entry.op)).toEqual([
      'create',
      'create',
      'create',
    ]);
    await renderApp(db, routes(), `/admin/orcamentos/${key}`);
    expect(await screen.findByRole('link', { name: 'Ver amostras' })).toHaveAttribute('href', `/admin/amostra/lista/${key}/1`);
    expect(screen.queryByRole('button', { name: 'Amostra' })).not.toBeInTheDocument();
  });

  it.each([
    ['a draft', 'open', true],
    ['a pending quotation', 'pending', true],
  ])('is disabled for %s', async (_case, status) => {
    const key = await quotation(status);
    await renderApp(db, routes(), `/admin/orcamentos/${key}`);
    expect(await screen.findByRole('button', { name: 'Amostra' })).toBeDisabled();
  });

  it('is not there for a user without the samples module: no plan is made on the device', async () => {
    const key = await quotation();
    await renderApp(db, routes(true, 'none'), `/admin/orcamentos/${key}`);
    expect(await screen.findByText(`Orçamento ${key}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Amostra' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ver amostras' })).not.toBeInTheDocument();
    expect(await liveSamples()).toHaveLength(0);
  });

  it.each([
    ['without a plan: nothing to make', true, 0],
    ['with a plan: Ver amostras', false, 1],
  ])('a customer-type reader (samples, read only), %s', async (_case, ableCreate, links) => {
    const key = await quotation();
    await db.records('quotations').update(key, { able_create_sample: ableCreate });
    await renderApp(db, routes(true, 'read'), `/admin/orcamentos/${key}`);
    expect(await screen.findByText(`Orçamento ${key}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('link', { name: 'Ver amostras' })).toHaveLength(links));
    expect(screen.queryByRole('button', { name: 'Amostra' })).not.toBeInTheDocument();
  });

  it('shows Ver amostras when the server says the plan exists, before its samples arrive', async () => {
    const key = await quotation();
    await db.records('quotations').update(key, { able_create_sample: false });
    await renderApp(db, routes(), `/admin/orcamentos/${key}`);
    expect(await screen.findByRole('link', { name: 'Ver amostras' })).toBeInTheDocument();
  });

  it('names the rows by position for a quotation this device holds from before rows had ids (the server maps them)', async () => {
    const key = await quotation('approved', false);
    await makePlan(key);
    const samples = await liveSamples();
    expect(samples.map((s) => [s.sample_no, s.quotation_row_id, s.plan_unit]).sort()).toEqual([
      [1, 1, 1],
      [2, 1, 2],
      [3, 2, 1],
    ]);
  });
});

describe("'Amostras' grouped by quotation", () => {
  it('shows the empty text', async () => {
    await renderApp(db, routes(), '/admin/amostra/lista/1');
    expect(await screen.findByText('Ainda não tem nenhum orçamento aprovado com amostragens.')).toBeInTheDocument();
  });

  it.each([
    [true, 1],
    [false, 0],
  ])('lists the quotation with its count; Ver orçamento with the quotations module: %s', async (canSee, buttons) => {
    const key = await quotation();
    await makePlan(key);
    await db.records('quotations').update(key, { id: 12, reference_no: '12/2026', f_created_at: '20/11/2026' });
    const app = await renderApp(db, routes(canSee), '/admin/amostra/lista/1');
    const row = (await screen.findByText('12/2026')).closest('tr')!;
    expect(within(row).getByText('Metalúrgica Alfa')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026')).toBeInTheDocument();
    expect(within(row).queryAllByText('Ver orçamento')).toHaveLength(buttons);
    fireEvent.click(within(row).getByText('Ver amostragens'));
    // The quotation has its server id now: the link names it by id.
    await waitFor(() => expect(app.path()).toBe('/admin/amostra/lista/12/1'));
    // The quotation by its number, as on every sample screen.
    expect(await screen.findByText('Amostras Ativos do Orçamento ID 12/2026')).toBeInTheDocument();
    expect(await screen.findAllByRole('row')).toHaveLength(4);
  });

  it('names each quotation by its number, a 44 px link to its samples; one not sent yet says so', async () => {
    const key = await quotation();
    await makePlan(key);
    await renderApp(db, routes(), '/admin/amostra/lista/1');
    expect(await screen.findByRole('link', { name: 'Novo, aguardando sincronização' })).toHaveAttribute('href', `/admin/amostra/lista/${key}/1`);
    cleanup();
    await db.records('quotations').update(key, { id: 12, reference_no: '12/2026' });
    await renderApp(db, routes(), '/admin/amostra/lista/1');
    const link = await screen.findByRole('link', { name: '12/2026' });
    expect(link).toHaveAttribute('href', '/admin/amostra/lista/12/1');
    expect(link).toHaveStyle({ minHeight: '44px', minWidth: '44px' });
  });

  it('searches by company or quotation number', async () => {
    const key = await quotation();
    await makePlan(key);
    await db.records('quotations').update(key, { reference_no: '12/2026' });
    await renderApp(db, routes(), '/admin/amostra/lista/1?busca=inexistente');
    expect(await screen.findByText('Não houve nenhum resultado.')).toBeInTheDocument();
    cleanup();
    await renderApp(db, routes(), '/admin/amostra/lista/1?busca=metal');
    expect(await screen.findAllByText('Metalúrgica Alfa')).not.toHaveLength(0);
  });
});

describe("a quotation's samples", () => {
  async function planned() {
    const key = await quotation();
    await makePlan(key);
    const samples = await liveSamples();
    const first = samples.find((s) => s.sample_no === 1)!;
    await saveRecord(db, 'samples', first.key, { caracterization: { employee: 'João Pereira' } });
    return { key, samples };
  }

  it('has the title, the columns, the type filter and the search', async () => {
    const { key } = await planned();
    await renderApp(db, routes(), `/admin/amostra/lista/${key}/1`);
    // A quotation made on this device has no number yet: never its local key.
    expect(await screen.findByText('Amostras Ativos do Orçamento ID (novo, aguardando sincronização)')).toBeInTheDocument();
    expect(await screen.findAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('João Pereira')).toBeInTheDocument();
    // The sample's number opens it: a 44 px touch target, not a 10 px digit.
    expect(screen.getByRole('link', { name: '1' })).toHaveStyle({ minHeight: '44px', minWidth: '44px' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipos de amostras' }), { target: { value: '4' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getAllByRole('cell', { name: 'Calor' })).toHaveLength(2); // Tipo and Agente
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipos de amostras' }), { target: { value: '' } });
    fireEvent.change(screen.getByPlaceholderText('Agente, funcionário'), { target: { value: 'joao' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2), { timeout: 3000 });
  });

  it('deletes a sample after confirmation', async () => {
    const { key } = await planned();
    await renderApp(db, routes(), `/admin/amostra/lista/${key}/1`);
    const row = (await screen.findByText('João Pereira')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Deletar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Amostra deletado com sucesso')).toBeInTheDocument();
    expect(await liveSamples()).toHaveLength(2);
  });

  it('adds a sample in the field with the type and agent row chosen, and opens it', async () => {
    const { key } = await planned();
    await db.records('quotations').update(key, { id: 12, reference_no: '12/2026' });
    const app = await renderApp(db, routes(), `/admin/amostra/lista/${key}/1`);
    expect(await screen.findByText('Amostras Ativos do Orçamento ID 12/2026')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Nova amostra' }));
    expect(await screen.findByTestId('new-sample-quotation')).toHaveTextContent('Orçamento: 12/2026');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Agente do orçamento' }), { target: { value: '1' } });
    expect(screen.getByRole('combobox', { name: 'Tipo de amostra' })).toHaveValue('4');
    fireEvent.click(screen.getByRole('button', { name: 'Criar amostra' }));
    await waitFor(() => expect(app.path()).toMatch(/^\/admin\/amostra\/[0-9a-f-]{36}$/));
    const added = (await liveSamples()).find((s) => s.sample_no === 4)!;
    expect(added).toMatchObject({ type_id: 4, quotation_row_id: HEAT_ROW, plan_unit: null, agent_name: 'Calor', quotation_key: key });
    expect(added).toMatchObject({ caracterization: {}, memory_field: { agent: 'Calor' } });
  });

  it("adds a sample for a row with the row's sector, function and agent, which the technician then types over", async () => {
    const { key } = await planned();
    const app = await renderApp(db, routes(), `/admin/amostra/lista/${key}/1`);
    fireEvent.click(await screen.findByRole('button', { name: 'Nova amostra' }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Agente do orçamento' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar amostra' }));
    await waitFor(() => expect(app.path()).toMatch(/^\/admin\/amostra\/[0-9a-f-]{36}$/));
    const added = (await liveSamples()).find((s) => s.sample_no === 4)!;
    expect(added).toMatchObject({
      type_id: 3,
      quotation_row_id: NOISE_ROW,
      caracterization: { sector: 'Estamparia', function: 'Operador de prensa' },
      memory_field: { agent: 'Ruído contínuo' },
    });
    // What the technician types is what the sample keeps: the row's values are only a start.
    await saveRecord(db, 'samples', added.key, { caracterization: { sector: 'Estamparia 2', function: 'Operador de prensa' } });
    await saveRecord(db, 'quotations', key, {
      rows: [{ row_id: NOISE_ROW, name: 'Ruído contínuo', product_type_id: 3, sector: 'Outro', quantity: 2, value: 10 }],
    });
    expect((await db.records('samples').get(added.key))?.caracterization).toEqual({
      sector: 'Estamparia 2',
      function: 'Operador de prensa',
    });
  });
});

describe('the sample page', () => {
  async function sample(typeId = 3) {
    const key = await quotation();
    await makePlan(key);
    return (await liveSamples()).find((s) => s.type_id === typeId)!;
  }

  it('has the header, the card and five tabs with the type’s contents; a type without contents has none in the registry (Em breve)', async () => {
    const heat = await sample(4);
    await renderApp(db, routes(), `/admin/amostra/${heat.key}`);
    expect(await screen.findByText('Amostras/Editar')).toBeInTheDocument();
    expect(screen.getByText('Dados cadastrais')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Metalúrgica Alfa')).toBeInTheDocument();
    // Each tab's name is its title (its completeness mark is hidden from the name and said in its description).
    const titles = ['Caracterização', 'Memória de campo', 'Resultado', 'Classificação de risco', 'Validação da medição'];
    expect(screen.getAllByRole('tab').map((tab) => titles.find((title) => tab.textContent?.startsWith(title)))).toEqual(titles);
    for (const title of titles) expect(screen.getByRole('tab', { name: title })).toBeInTheDocument();
    expect(screen.getByLabelText('Funcionário')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Validação da medição' }));
    // Heat fills its tabs (samples-types); chemical too (issue 22).
    expect((await screen.findAllByLabelText('Justificativa')).length).toBeGreaterThan(0);
    expect(sampleTabOf('chemical', 'validation')).toBeDefined();
  });

  it('names the quotation in the card by its number, once the server has given one', async () => {
    const noise = await sample();
    await renderApp(db, routes(), `/admin/amostra/${noise.key}`);
    await waitFor(() => expect(screen.getByTestId('sample-quotation')).toHaveTextContent('Orçamento: Novo, aguardando sincronização'));
    await act(async () => {
      await db.records('quotations').update(noise.quotation_key as string, { id: 12, reference_no: '12/2026' });
    });
    await waitFor(() => expect(screen.getByTestId('sample-quotation')).toHaveTextContent('Orçamento: 12/2026'));
  });

  it('keeps Salvar and Verificar in the bar at the end of the page, Salvar once; a read-only user has no bar', async () => {
    const noise = await sample();
    await renderApp(db, routes(), `/admin/amostra/${noise.key}`);
    const bar = await screen.findByRole('toolbar', { name: 'Ações da amostra' });
    expect(within(bar).getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Verificar' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Salvar' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Verificar' })).toHaveLength(1);
    // The page's last element: sticky at the bottom, after the last field, so it covers none at the end.
    expect(bar.parentElement!.lastElementChild).toBe(bar);
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    cleanup();
    await renderApp(
      db,
      { ...routes(), '/admin/amostra/$sampleId': ({ params }) => <SampleEditPage sampleId={params.sampleId!} readOnly /> },
      `/admin/amostra/${noise.key}`,
    );
    expect(await screen.findByText('Amostras/Editar')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Ações da amostra' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verificar' })).not.toBeInTheDocument();
  });

  it('keeps what is typed on the device and brings it back after a reload; Salvar queues it', async () => {
    const noise = await sample();
    await renderApp(db, routes(), `/admin/amostra/${noise.key}`);
    fireEvent.change(await screen.findByLabelText('Funcionário'), { target: { value: 'Maria Souza' } });
    fireEvent.change(screen.getByLabelText('GHE'), { target: { value: 'GHE 02' } });
    expect(await screen.findByText('Alterações não salvas')).toBeInTheDocument();
    await waitFor(
      async () =>
        expect((await db.table('drafts').get(draftKey('samples', noise.key)))?.fields.caracterization).toMatchObject({
          employee: 'Maria Souza',
          ghe: 'GHE 02',
        }),
      {
        timeout: DRAFT_DELAY_MS * 10,
      },
    );
    const beforeSave = (await db.outbox.toArray()).length;

    // A reload: the page opens again from the device.
    cleanup();
    await renderApp(db, routes(), `/admin/amostra/${noise.key}`);
    expect(await screen.findByDisplayValue('Maria Souza')).toBeInTheDocument();
    expect(screen.getByText('Alterações não salvas desta amostra foram recuperadas deste aparelho.')).toBeInTheDocument();
    expect((await db.outbox.toArray()).length).toBe(beforeSave);

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Amostragem salva com sucesso')).toBeInTheDocument();
    const saved = (await db.records('samples').get(noise.key))!;
    expect(saved).toMatchObject({ employee: 'Maria Souza', caracterization: { employee: 'Maria Souza', ghe: 'GHE 02' } });
    expect(await db.table('drafts').get(draftKey('samples', noise.key))).toBeUndefined();
    expect(await screen.findByText('Pendente de envio')).toBeInTheDocument();
    expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument();
  });

  it('Salvar stores the figures of what was typed in Memória de campo, Resultado never opened', async () => {
    const noise = await sample();
    // Dose medida 80 % was typed earlier; the times come now.
    await saveRecord(db, 'samples', noise.key, { result: { nho: { result: '80' } } });
    await renderApp(db, routes(), `/admin/amostra/${noise.key}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Memória de campo' }));
    fireEvent.change(await screen.findByLabelText('Hora inicial'), { target: { value: '07:00' } });
    fireEvent.change(screen.getByLabelText('Hora final'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('Jornada (HH:mm)'), { target: { value: '08:00' } });
    expect(screen.queryByTestId('noise-result-nho')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Amostragem salva com sucesso')).toBeInTheDocument();
    const saved = (await db.records('samples').get(noise.key))!;
    expect(saved.memory_field).toMatchObject({ initial_time: '07:00', final_time: '12:00', duration: '08:00' });
    // 80 % over 300 of 480 min: Dose 8h 128 %, above the limit.
    expect(saved.result).toMatchObject({ nho: { result: '80', dose8: '128,0', conclusion: 'Acima do limite de exposição' } });
  });

  it('Salvar brings the figures to the thresholds on the device, nothing typed', async () => {
    const noise = await sample();
    await saveRecord(db, 'samples', noise.key, { result: { nho: { dose8: '45', conclusion: 'Aceitável', bgColor: '#4caf50' } } });
    const levels = defaultResultThresholds().noise;
    levels.nho.level1.max = 40;
    levels.nho.level2.min = 40;
    await pullSettings(db, { result_noise: levels });
    await renderApp(db, routes(), `/admin/amostra/${noise.key}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Amostragem salva com sucesso')).toBeInTheDocument();
    expect((await db.records('samples').get(noise.key))!.result).toMatchObject({ nho: { dose8: '45', conclusion: 'Acima do nível de ação' } });
  });

  it('Salvar stores a heat sample’s Resultado and condition from its tasks, those tabs never opened', async () => {
    const heat = await sample(4);
    const tasks = [
      { initial: '08:00', final: '08:40', duration: '00:40', metabolism: '243', ibutg: '30,0' },
      { initial: '08:40', final: '09:00', duration: '00:20', metabolism: '117', ibutg: '25,0' },
    ];
    await saveRecord(db, 'samples', heat.key, { memory_field: { tasks } });
    await renderApp(db, routes(), `/admin/amostra/${heat.key}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Amostragem salva com sucesso')).toBeInTheDocument();
    const saved = (await db.records('samples').get(heat.key))!;
    expect(saved.result).toMatchObject({ metabolism: '201', ibutg: '28,3', action_level: '27,4', max: '30,2' });
    expect(saved.risk_classification).toMatchObject({ condition: 'Acima do nível de ação' });
  });

  it('discards a recovered draft on request', async () => {
    const noise = await sample();
    await db
      .table('drafts')
      .put({ key: draftKey('samples', noise.key), fields: { caracterization: { employee: 'Rascunho' } }, tab: 'caracterization', updated_at: '' });
    await renderApp(db, routes(), `/admin/amostra/${noise.key}`);
    expect(await screen.findByDisplayValue('Rascunho')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Descartar alterações' }));
    await waitFor(() => expect(screen.getByLabelText('Funcionário')).toHaveValue(''));
    expect(await db.table('drafts').get(draftKey('samples', noise.key))).toBeUndefined();
  });

  it('shows the server’s message when its change was refused, and sent once nothing waits', async () => {
    const noise = await sample();
    await renderApp(db, routes(), `/admin/amostra/${noise.key}`);
    const [entry] = await db.outbox.where('key').equals(noise.key).toArray();
    await act(async () => {
      await db.outbox.put({ ...entry!, status: 'failed', error: { code: 'server', message: 'Orçamento não encontrado.', status: 400 } } as never);
    });
    expect(await screen.findByText('Orçamento não encontrado.')).toBeInTheDocument();
    expect(screen.getAllByText('Falhou').length).toBeGreaterThan(0);
    await act(async () => {
      await db.outbox.delete(entry!.seq!);
    });
    expect(await screen.findByText('Sincronizada')).toBeInTheDocument();
    expect(screen.queryByText('Orçamento não encontrado.')).not.toBeInTheDocument();
  });
});
