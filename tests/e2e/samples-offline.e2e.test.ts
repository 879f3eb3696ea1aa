/**
 * Samples offline, end to end (issue 13), in Chromium on a touch tablet in
 * portrait (768×1024):
 * - prepared through the API as the administrator: an approved quotation
 *   for a new customer with one noise and one heat agent row, its sampling
 *   plan (two samples), and a technician of its own in 'Técnico de campo'
 *   (independent of the other files, which move the seeded technician);
 * - the technician signs in on a fresh profile, opens the quotation's
 *   samples, and with both on the device goes offline;
 * - fills the noise sample (field memory times, the measured dose of both
 *   blocks: Dose 8h, NEN and the conclusion with its colour computed on the
 *   device from the settings' levels) and the heat sample (one task: the
 *   IBUTG of the task, the weighted IBUTG, limit, action level and the
 *   condition), two photos each through the photo area (reduced on the
 *   device), and saves each ('Amostragem salva com sucesso');
 * - reloads offline: the typed values, the computed figures, the four
 *   thumbnails and the pending state are all there;
 * - back online, both samples and their photos are sent ('Sincronizada', 'Tudo
 *   sincronizado.'), and the office, on another fresh profile and through
 *   the API, sees both samples with their values and exactly two photos
 *   each (each photo once, JPEG, reduced to 1600 px on the long side).
 * Every wait is on visible text, a role or a test id.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, apiCall, createTechnician, customerWithPlan } from './support/api';
import {
  baseUrl,
  connectivity,
  goOffline,
  goOnline,
  launchChromium,
  POLL,
  signInReadyForOffline,
  tabletContext as newTablet,
} from './support/browser';
import { expectValue, openTab, saveSample, textbox } from './support/sample-page';
import { screenshot } from './support/screenshots';

const RUN = `e2e${Date.now().toString(36)}`;
const COMPANY = `Metalúrgica Amostras ${RUN.toUpperCase()}`;
const NOISE_AGENT = `Ruído contínuo ${RUN}`;
const HEAT_AGENT = `Calor radiante ${RUN}`;
const TECHNICIAN = {
  name: `Técnica Amostras ${RUN}`,
  username: `tecnica.${RUN}`,
  email: `tecnica.${RUN}@e2e.example.com`,
  password: 'Senha-e2e-amostras',
};

type NoiseLevel = { min: number | null; max: number | null; technicalConsiderations: string; bgColor: string };
type SampleFile = { id: number; name: string; file_name: string; url: string; type: string; size: number; sha256: string };
type WireSample = {
  id: number;
  sample_no: number;
  type: { slug: string };
  agent_name: string;
  employee: string | null;
  caracterization: Record<string, unknown>;
  memory_field: Record<string, unknown>;
  result: Record<string, Record<string, unknown> | unknown>;
  risk_classification: Record<string, unknown>;
  files: SampleFile[];
};

let browser: Browser;
const contexts: BrowserContext[] = [];
let token: string;
let quotationId: number;
let noiseId: number;
let heatId: number;
/** What the settings' noise levels conclude for a Dose 8h of 90 (another test file may have changed them). */
let expectedNoise: { nho: NoiseLevel; nr15: NoiseLevel };

/** A touch-screen profile in portrait, as a tablet, closed at the end. */
async function tabletContext(): Promise<BrowserContext> {
  const context = await newTablet(browser);
  contexts.push(context);
  return context;
}

function levelFor(levels: Record<string, NoiseLevel>, value: number): NoiseLevel {
  const found = Object.values(levels).find((level) => (level.min === null || value >= level.min) && (level.max === null || value < level.max));
  if (!found) throw new Error(`no noise level for ${value}`);
  return found;
}

/** A camera-sized JPEG of one colour (2000×1500: the device must reduce it). */
function jpeg(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function prepare(): Promise<void> {
  token = await adminToken();
  quotationId = await customerWithPlan(token, { name: COMPANY, email: `contato-${RUN}@metalurgica.example.com`, phone: '(11) 3333-4444' }, [
    { name: NOISE_AGENT, product_type_id: 3, sector: 'Produção', function: 'Operador', quantity: 1, value: 300 },
    { name: HEAT_AGENT, product_type_id: 4, sector: 'Fundição', function: 'Forneiro', quantity: 1, value: 250 },
  ]);
  const { list } = await apiCall<{ list: WireSample[] }>(token, 'GET', `api/sample/all/0/100?quotation_id=${quotationId}`);
  expect(list.map((s) => s.type.slug).sort()).toEqual(['heat', 'noise']);
  noiseId = list.find((s) => s.type.slug === 'noise')!.id;
  heatId = list.find((s) => s.type.slug === 'heat')!.id;

  await createTechnician(token, TECHNICIAN);

  const settings = await apiCall<{ options: Array<{ option: string; value: string }> }>(token, 'GET', 'api/settings/all');
  const noise = JSON.parse(settings.options.find((o) => o.option === 'result_noise')!.value) as Record<'nho' | 'nr15', Record<string, NoiseLevel>>;
  expectedNoise = { nho: levelFor(noise.nho, 90), nr15: levelFor(noise.nr15, 90) };
}

beforeAll(async () => {
  browser = await launchChromium();
  await prepare();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** The sample page, opened from the quotation's list (the ID link is the sample's number). */
async function openSampleFromList(page: Page, agent: string): Promise<void> {
  const row = page.locator('[data-list-row]').filter({ hasText: agent });
  await row.getByRole('link', { name: 'Editar' }).click();
  await page.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
  await page.getByText(agent).first().waitFor();
  await expectValue(textbox(page, 'Empresa'), COMPANY);
}

/** Salvar offline: saved, and waiting to be sent. */
async function save(page: Page): Promise<void> {
  await saveSample(page);
  await page.getByText('Pendente de envio', { exact: true }).waitFor();
}

const thumbnails = (page: Page) => page.getByTestId('photo-thumbnail');

/** Two thumbnails with their images drawn, each in the given state. */
async function expectTwoPhotos(page: Page, state: 'local' | 'uploaded'): Promise<void> {
  await expect.poll(() => thumbnails(page).count(), POLL).toBe(2);
  for (const thumbnail of await thumbnails(page).all()) {
    await expect.poll(() => thumbnail.getAttribute('data-state'), { timeout: 60_000 }).toBe(state);
    await expect.poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL).toBe(true);
  }
}

async function addTwoPhotos(page: Page, names: [string, string], colours: [[number, number, number], [number, number, number]]) {
  await openTab(page, 'Caracterização');
  await page.getByText('Nenhuma imagem adicionada.').waitFor();
  const [first, second] = await Promise.all(colours.map(([r, g, b]) => jpeg(r, g, b)));
  await page.getByTestId('photo-files-input').setInputFiles([
    { name: names[0], mimeType: 'image/jpeg', buffer: first! },
    { name: names[1], mimeType: 'image/jpeg', buffer: second! },
  ]);
  await expectTwoPhotos(page, 'local');
  for (const name of names) await page.getByRole('button', { name: `Abrir ${name}` }).waitFor();
}

// ---- what is typed and what the device computes ---------------------------

async function fillNoise(page: Page): Promise<void> {
  await openTab(page, 'Caracterização');
  await textbox(page, 'Funcionário').fill('Carlos Operador');
  await textbox(page, 'Setor').fill('Prensas');

  await openTab(page, 'Memória de campo');
  await textbox(page, 'Hora inicial').fill('08:00');
  await textbox(page, 'Hora final').fill('12:00');
  await textbox(page, 'Jornada (HH:mm)').fill('08:00');
  await textbox(page, 'Tarefa').fill('Operação da prensa');

  await openTab(page, 'Resultado');
  for (const norm of ['nho', 'nr15'] as const) {
    await textbox(page.getByTestId(`noise-result-${norm}`), 'Dose medida (%)').fill('45');
  }
  await expectNoiseResult(page);

  await openTab(page, 'Classificação de risco');
  await textbox(page.getByTestId('noise-classification-nho'), 'Dose diária (%)').fill('90');
  await page.getByTestId('nho-classification-color').waitFor();
  expect(await page.getByTestId('nho-classification-color').getAttribute('data-color')).toBe(expectedNoise.nho.bgColor);
}

/** 45 % measured over 4 h of an 8 h journey: Dose 8h 90 %, NEN 84,5 dB(A) (NHO 01, q = 3) and 84,2 dB(A) (NR 15, q = 5). */
async function expectNoiseResult(page: Page): Promise<void> {
  await expectValue(page.getByTestId('nho-dose8'), '90,0');
  await expectValue(page.getByTestId('nr15-dose8'), '90,0');
  await expectValue(page.getByTestId('nho-nen'), '84,5');
  await expectValue(page.getByTestId('nr15-nen'), '84,2');
  await page.getByTestId('nho-criterion').filter({ hasText: 'tempo medido 04:00, jornada 08:00' }).waitFor();
  for (const norm of ['nho', 'nr15'] as const) {
    const conclusion = page.getByTestId(`${norm}-conclusion`);
    await conclusion.filter({ hasText: expectedNoise[norm].technicalConsiderations }).waitFor();
    expect(await conclusion.getAttribute('data-color')).toBe(expectedNoise[norm].bgColor);
  }
}

async function fillHeat(page: Page): Promise<void> {
  await openTab(page, 'Caracterização');
  await textbox(page, 'Funcionário').fill('Joana Forneira');

  await openTab(page, 'Memória de campo');
  await textbox(page, 'Tarefa').fill('Vazamento do forno');
  await textbox(page, 'Hora inicial').fill('09:00');
  await textbox(page, 'Hora final').fill('10:00');
  await expectValue(textbox(page, 'Duração (HH:mm)'), '01:00');
  await textbox(page, 'Taxa metabólica (W)').fill('300');
  await textbox(page, 'tbs (°C)').fill('30');
  await textbox(page, 'tbn (°C)').fill('25');
  await textbox(page, 'tg (°C)').fill('40');
  // Without solar load: 0,7 × tbn + 0,3 × tg.
  await expectValue(textbox(page, 'IBUTG (°C)'), '29,5');

  await openTab(page, 'Resultado');
  await expectHeatResult(page);
  await openTab(page, 'Classificação de risco');
  await expectHeatClassification(page);
}

/** The condition again in Classificação de risco, with the figures it compares. */
async function expectHeatClassification(page: Page): Promise<void> {
  await page.getByTestId('heat-condition').filter({ hasText: 'Acima do limite de exposição' }).waitFor();
  await page.getByTestId('heat-classification-criterion').filter({ hasText: 'IBUTG médio 29,5 °C; nível de ação 25,0 °C; limite 28,2 °C' }).waitFor();
}

/** One hour at 300 W and 29,5 °C: limit 28,2 °C and action level 25,0 °C (NHO 06), over the limit. */
async function expectHeatResult(page: Page): Promise<void> {
  await page.getByTestId('heat-task-ibutg-0').filter({ hasText: '29,5' }).waitFor();
  await expectValue(page.getByTestId('heat-metabolism'), '300');
  await expectValue(page.getByTestId('heat-ibutg'), '29,5');
  await expectValue(page.getByTestId('heat-max'), '28,2');
  await expectValue(page.getByTestId('heat-action-level'), '25,0');
  await page.getByTestId('heat-condition').filter({ hasText: 'Acima do limite de exposição' }).waitFor();
}

/** What was typed in the noise sample, read back from its tabs. */
async function expectNoiseTyped(page: Page): Promise<void> {
  await openTab(page, 'Caracterização');
  await expectValue(textbox(page, 'Funcionário'), 'Carlos Operador');
  await openTab(page, 'Memória de campo');
  await expectValue(textbox(page, 'Hora inicial'), '08:00');
  await expectValue(textbox(page, 'Hora final'), '12:00');
  await expectValue(textbox(page, 'Jornada (HH:mm)'), '08:00');
  await openTab(page, 'Resultado');
  await expectValue(textbox(page.getByTestId('noise-result-nho'), 'Dose medida (%)'), '45');
  await expectNoiseResult(page);
  await openTab(page, 'Classificação de risco');
  await expectValue(textbox(page.getByTestId('noise-classification-nho'), 'Dose diária (%)'), '90');
}

async function expectHeatTyped(page: Page): Promise<void> {
  await openTab(page, 'Caracterização');
  await expectValue(textbox(page, 'Funcionário'), 'Joana Forneira');
  await openTab(page, 'Memória de campo');
  await expectValue(textbox(page, 'Tarefa'), 'Vazamento do forno');
  await expectValue(textbox(page, 'tg (°C)'), '40');
  await openTab(page, 'Resultado');
  await expectHeatResult(page);
  await openTab(page, 'Classificação de risco');
  await expectHeatClassification(page);
}

async function serverSample(id: number): Promise<WireSample> {
  return apiCall<WireSample>(token, 'GET', `api/sample/${id}`);
}

/** Mean luma of a horizontal band of a JPEG: `rows` rows at the top or at the bottom. */
async function bandLuma(bytes: Buffer, edge: 'top' | 'bottom', rows: number): Promise<number> {
  const image = sharp(bytes);
  const { width = 0, height = 0 } = await image.metadata();
  const { data } = await image
    .extract({ left: 0, top: edge === 'top' ? 0 : height - rows, width, height: rows })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let at = 0; at < data.length; at += 3) sum += 0.299 * data[at]! + 0.587 * data[at + 1]! + 0.114 * data[at + 2]!;
  return sum / (data.length / 3);
}

/**
 * Each photo once, as the reduced JPEG (1600 px on the long side), its bytes
 * served, stamped (FIELD-UX item 10): the photos are one flat colour, so the
 * top band is the unstamped image; the bottom band, where the stamp's dark
 * band is drawn (77 px on 1600×1200), is clearly darker.
 */
async function expectServerPhotos(sample: WireSample, names: string[]): Promise<void> {
  expect(sample.files.map((file) => file.name).sort()).toEqual([...names].sort());
  expect(new Set(sample.files.map((file) => file.sha256)).size).toBe(2);
  for (const file of sample.files) {
    expect(file.type).toBe('image/jpeg');
    const response = await fetch(`${baseUrl()}/${file.url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1600);
    const unstamped = await bandLuma(bytes, 'top', 77);
    const stamped = await bandLuma(bytes, 'bottom', 77);
    expect(stamped, `${file.name}: bottom band ${stamped}, top ${unstamped}`).toBeLessThan(unstamped - 15);
  }
}

describe('samples offline, end to end', () => {
  let technician: Page;
  let technicianContext: BrowserContext;
  const NOISE_PHOTOS: [string, string] = [`prensa-${RUN}-1.jpg`, `prensa-${RUN}-2.jpg`];
  const HEAT_PHOTOS: [string, string] = [`forno-${RUN}-1.jpg`, `forno-${RUN}-2.jpg`];
  const listPath = () => `/admin/amostra/lista/${quotationId}/1`;

  it('the technician opens the plan online, and with both samples on the device goes offline', { timeout: 180_000 }, async () => {
    technicianContext = await tabletContext();
    technician = await technicianContext.newPage();
    await signInReadyForOffline(technician, TECHNICIAN.username, TECHNICIAN.password);
    await technician.goto(listPath());
    // The quotation by its number ('{id}/{year}'), as every sample screen names it.
    await technician.getByRole('heading', { name: new RegExp(`^Amostras Ativos do Orçamento ID ${quotationId}/\\d{4}$`) }).waitFor();
    for (const agent of [NOISE_AGENT, HEAT_AGENT]) {
      await technician.locator('[data-list-row]').filter({ hasText: agent }).waitFor();
    }
    expect(await technician.locator('[data-list-row]').count()).toBe(2);

    await goOffline(technicianContext, technician);
    await screenshot(technician, 'samples-list-offline');
  });

  it('fills the noise sample offline: the computed figures, two photos, Salvar', { timeout: 180_000 }, async () => {
    await openSampleFromList(technician, NOISE_AGENT);
    await fillNoise(technician);
    await screenshot(technician, 'samples-noise-result-offline');
    await addTwoPhotos(technician, NOISE_PHOTOS, [
      [200, 40, 40],
      [40, 120, 200],
    ]);
    await save(technician);
    await screenshot(technician, 'samples-noise-saved-offline');
  });

  it('fills the heat sample offline: the task IBUTG, the weighted figures and the condition, two photos, Salvar', { timeout: 180_000 }, async () => {
    await technician.goto(listPath());
    await technician.locator('[data-list-row]').filter({ hasText: HEAT_AGENT }).waitFor();
    await openSampleFromList(technician, HEAT_AGENT);
    await fillHeat(technician);
    await screenshot(technician, 'samples-heat-result-offline');
    await addTwoPhotos(technician, HEAT_PHOTOS, [
      [240, 180, 20],
      [20, 160, 90],
    ]);
    await save(technician);
    await screenshot(technician, 'samples-heat-saved-offline');
  });

  it('after a reload offline everything is still there: values, computed figures, four photos, both pending', { timeout: 180_000 }, async () => {
    await technician.reload();
    await technician.getByRole('heading', { name: 'Amostras/Editar', level: 2 }).waitFor();
    await connectivity(technician)
      .filter({ hasText: /^Offline · \d+ pendentes/ })
      .waitFor();
    await technician.getByText('Pendente de envio', { exact: true }).waitFor();
    await expectHeatTyped(technician);
    await openTab(technician, 'Caracterização');
    await expectTwoPhotos(technician, 'local');
    await screenshot(technician, 'samples-heat-reloaded-offline');

    await technician.goto(listPath());
    await technician.reload();
    await openSampleFromList(technician, NOISE_AGENT);
    await technician.getByText('Pendente de envio', { exact: true }).waitFor();
    await expectNoiseTyped(technician);
    await openTab(technician, 'Caracterização');
    await expectTwoPhotos(technician, 'local');
    expect(await technician.getByText('Alterações não salvas', { exact: true }).count()).toBe(0);
    await screenshot(technician, 'samples-noise-reloaded-offline');
  });

  it('back online both samples and their photos are sent, once each', { timeout: 180_000 }, async () => {
    await goOnline(technicianContext, technician);
    await technician.locator('[data-sync-state="sent"]').filter({ hasText: 'Sincronizada' }).waitFor({ timeout: 60_000 });
    await expectTwoPhotos(technician, 'uploaded');
    await technician.goto('/admin/sincronizacao');
    await technician.getByText('Tudo sincronizado.').waitFor({ timeout: 60_000 });
    await screenshot(technician, 'samples-synced');

    const noise = await serverSample(noiseId);
    expect(noise.employee).toBe('Carlos Operador');
    expect(noise.memory_field).toMatchObject({ initial_time: '08:00', final_time: '12:00', duration: '08:00', task: 'Operação da prensa' });
    expect(noise.result).toMatchObject({
      nho: { result: '45', dose8: '90,0', nen: '84,5', conclusion: expectedNoise.nho.technicalConsiderations, bgColor: expectedNoise.nho.bgColor },
      nr15: { result: '45', dose8: '90,0', nen: '84,2', conclusion: expectedNoise.nr15.technicalConsiderations, bgColor: expectedNoise.nr15.bgColor },
    });
    expect(noise.risk_classification).toMatchObject({ nho: { dose_daily: '90', bgColor: expectedNoise.nho.bgColor } });
    await expectServerPhotos(noise, NOISE_PHOTOS);

    const heat = await serverSample(heatId);
    expect(heat.employee).toBe('Joana Forneira');
    expect((heat.memory_field.tasks as Array<Record<string, unknown>>)[0]).toMatchObject({
      task: 'Vazamento do forno',
      initial: '09:00',
      final: '10:00',
      duration: '01:00',
      metabolism: '300',
      tbn: '25',
      tg: '40',
      ibutg: '29,5',
    });
    expect(heat.result).toMatchObject({ metabolism: '300', ibutg: '29,5', max: '28,2', action_level: '25,0' });
    expect(heat.risk_classification).toMatchObject({
      condition: 'Acima do limite de exposição',
      recomendation: 'Adoção imediata de medidas corretivas',
    });
    await expectServerPhotos(heat, HEAT_PHOTOS);
  });

  it('the office, on another device, sees both samples with their values and two photos each', { timeout: 180_000 }, async () => {
    const officeContext = await tabletContext();
    const office = await officeContext.newPage();
    await signInReadyForOffline(office);

    await office.goto(listPath());
    await openSampleFromList(office, NOISE_AGENT);
    await expectNoiseTyped(office);
    await openTab(office, 'Caracterização');
    await expectTwoPhotos(office, 'uploaded');
    for (const name of NOISE_PHOTOS) await office.getByRole('button', { name: `Abrir ${name}` }).waitFor();
    await screenshot(office, 'samples-office-noise');

    await office.goto(listPath());
    await openSampleFromList(office, HEAT_AGENT);
    await expectHeatTyped(office);
    await openTab(office, 'Caracterização');
    await expectTwoPhotos(office, 'uploaded');
    for (const name of HEAT_PHOTOS) await office.getByRole('button', { name: `Abrir ${name}` }).waitFor();
    await screenshot(office, 'samples-office-heat');
  });
});
