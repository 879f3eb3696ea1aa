/**
 * 'Textos dos impressos' and 'Variáveis do sistema' through the screen,
 * against the real server: the placeholders listed beside the editors and
 * written at the cursor; texts and deadlines saved ('Mensagens salvas com
 * sucesso'); the logo uploaded first, then the options saved with its path
 * ('Variáveis salvas com sucesso'), its bytes served back; other file types
 * refused with the spec's warning; a bad number of days stops the save;
 * offline the save is refused and what was typed stays; the self-approval
 * switch (issue 28) saved as '1' and back to ''.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES as M } from '@sync/contract/settings-groups';
import { ONLINE_WRITE_MESSAGES } from '@sync/engine/online-writes';
import { type Device, enter, goOffline, openDevice, renderSettings, visibleField, visibleFields } from './settings-support';
import { startTestServer, type TestServer } from '../../support/test-server';
import sharp from 'sharp';

let t: TestServer;
let device: Device;

beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t?.stop());
beforeEach(async () => {
  device = await openDevice(t);
});
afterEach(() => device.close());

const box = (name: string | RegExp) => visibleField(name);
const salvar = () => screen.getByRole('button', { name: 'Salvar' });

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await renderSettings(device);
  await user.click(await screen.findByRole('tab', { name }));
}

describe('Textos dos impressos', () => {
  it('lists the placeholders beside the editors and writes one at the cursor; saves texts and deadlines', { timeout: 120_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    await openTab(user, 'Textos dos impressos');
    for (const placeholder of ['{cliente}', '{contato}', '{tipo_documento}', '{documento}', '{total}', '{total_extenso}', '{orcamento}']) {
      expect(screen.getByText(placeholder)).toBeInTheDocument();
    }
    await user.clear(box('Rodapé'));
    await enter(user, box('Rodapé'), 'Total: ');
    await user.click(screen.getByText('{total}'));
    expect(box('Rodapé')).toHaveValue('Total: {total}');

    const activities = () => visibleFields('Atividade');
    const count = activities().length;
    await user.click(screen.getByRole('button', { name: 'Adicionar prazo' }));
    await enter(user, activities()[count]!, 'Reunião de entrega');
    await enter(user, visibleFields('Descrição')[count]!, 'Até 5 dias após o relatório');
    await user.click(screen.getByRole('button', { name: 'Adicionar prazo' })); // a blank row, not saved
    await user.click(salvar());
    expect(await screen.findByText(M.messagesSaved)).toBeInTheDocument();
    expect(await device.option('message_footer')).toBe('Total: {total}');
    const deadlines = JSON.parse((await device.option('message_deadlines'))!) as Array<{ activity: string }>;
    expect(deadlines).toHaveLength(count + 1);
    expect(deadlines.at(-1)).toEqual({ activity: 'Reunião de entrega', description: 'Até 5 dias após o relatório' });
  });

  it('offline: refused plainly, and the text typed stays', { timeout: 120_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    await openTab(user, 'Textos dos impressos');
    await user.clear(box('Slogan'));
    await enter(user, box('Slogan'), 'Ar limpo, trabalho seguro');
    const online = goOffline(device);
    try {
      await user.click(salvar());
      expect(await screen.findByText(ONLINE_WRITE_MESSAGES.needsConnection)).toBeInTheDocument();
      expect(box('Slogan')).toHaveValue('Ar limpo, trabalho seguro');
      expect(await device.option('message_slogan')).not.toBe('Ar limpo, trabalho seguro');
    } finally {
      online();
    }
  });
});

/** A real 8 × 8 PNG: the server decodes every image and stores its own re-encoding. */
const logoPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

describe('Variáveis do sistema', () => {
  it('uploads the chosen logo first, then saves the options with its path; the bytes are served back', { timeout: 120_000 }, async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await openTab(user, 'Variáveis do sistema');
    const png = new Uint8Array(await logoPng());
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File([png], 'logo.png', { type: 'image/png' }));
    await user.clear(box('Garantia (dias)'));
    await enter(user, box('Garantia (dias)'), '120');
    await user.click(salvar());
    expect(await screen.findByText(M.variablesSaved)).toBeInTheDocument();
    const path = (await device.option('settings_logo'))!;
    expect(path).toMatch(/^api\/file\/\d+$/);
    expect(await device.option('settings_warranty')).toBe('120');
    const served = await sharp(Buffer.from(await device.download(path))).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', 8, 8]);
  });

  it("refuses a file that is not a PNG or JPEG image with the spec's warning", { timeout: 120_000 }, async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await openTab(user, 'Variáveis do sistema');
    const before = await device.option('settings_logo');
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['oi'], 'notas.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Tipo de arquivo não suportado: text/plain')).toBeInTheDocument();
    await user.click(salvar());
    expect(await screen.findByText(M.variablesSaved)).toBeInTheDocument();
    expect(await device.option('settings_logo')).toBe(before);
  });

  it('stops the save while the days are not a number, and offline keeps what was typed', { timeout: 120_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    await openTab(user, 'Variáveis do sistema');
    await user.clear(box(/^Alerta de vencimento/));
    await enter(user, box(/^Alerta de vencimento/), 'um mês');
    await user.click(salvar());
    expect(await screen.findByText(M.timeAlertInvalid)).toBeInTheDocument();
    await user.clear(box(/^Alerta de vencimento/));
    await enter(user, box(/^Alerta de vencimento/), '45');
    const online = goOffline(device);
    try {
      await user.click(salvar());
      expect(await screen.findByText(ONLINE_WRITE_MESSAGES.needsConnection)).toBeInTheDocument();
      expect(box(/^Alerta de vencimento/)).toHaveValue('45');
    } finally {
      online();
    }
    await user.click(salvar());
    await waitFor(async () => expect(await device.option('settings_timeAlert')).toBe('45'));
  });

  it('saves the self-approval switch as settings_allowSelfApproval: on is 1, off is empty', { timeout: 120_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    await openTab(user, 'Variáveis do sistema');
    const flag = screen.getByRole('switch', { name: 'Permitir que quem finalizou a amostra também a aprove (consultoria de uma pessoa)' });
    // Off by default: approving what one finalized is the exception.
    expect(flag).not.toBeChecked();
    await user.click(flag);
    expect(flag).toBeChecked();
    await user.click(salvar());
    expect(await screen.findByText(M.variablesSaved)).toBeInTheDocument();
    await waitFor(async () => expect(await device.option('settings_allowSelfApproval')).toBe('1'));

    await user.click(flag);
    await user.click(salvar());
    await waitFor(async () => expect(await device.option('settings_allowSelfApproval')).toBe(''));
  });
});
