/**
 * Against the real server: a write to a read-only resource (settings here)
 * goes out at once and the list is on the device when the call resolves;
 * offline or unreachable it is refused with a plain message and the device
 * keeps what it had; a refusal carries the server's Portuguese message.
 */
import { describe, expect, it } from 'vitest';
import { manualEnvironment } from '@sync/engine/environment';
import { ONLINE_WRITE_MESSAGES } from '@sync/engine/online-writes';
import { readAll } from '@sync/store/queries';
import { useSyncServer } from './support/test-bed';

const bed = useSyncServer();
const { server } = bed;

async function settingValue(db: Parameters<typeof readAll>[0], option: string): Promise<unknown> {
  return (await readAll(db, 'settings')).find((record) => record.option === option)?.value;
}

describe('online writes of read-only resources', () => {
  it('reach the server and are on the device when the call resolves', async () => {
    const device = await bed.device();
    await device.engine.writes.send({
      method: 'PUT',
      path: 'api/settings',
      body: { options: [{ option: 'company_name', value: 'Higiene Teste Ltda' }] },
      pulls: ['settings'],
    });
    expect(await settingValue(device.db, 'company_name')).toBe('Higiene Teste Ltda');
  });

  it('are refused offline at once, and nothing changes', async () => {
    const environment = manualEnvironment(true);
    const device = await bed.device({ environment });
    environment.set(false);
    const before = await settingValue(device.db, 'company_name');
    await expect(
      device.engine.writes.send({
        method: 'PUT',
        path: 'api/settings',
        body: { options: [{ option: 'company_name', value: 'Offline' }] },
        pulls: ['settings'],
      }),
    ).rejects.toMatchObject({ code: 'network', message: ONLINE_WRITE_MESSAGES.needsConnection });
    expect(await settingValue(device.db, 'company_name')).toBe(before);
  });

  it('say the server could not be reached when it is down, and keep the last data', async () => {
    const device = await bed.device();
    const before = await settingValue(device.db, 'company_name');
    server.proxy.setTarget(null);
    try {
      await expect(
        device.engine.writes.send({
          method: 'PUT',
          path: 'api/settings',
          body: { options: [{ option: 'company_name', value: 'Nunca' }] },
          pulls: ['settings'],
        }),
      ).rejects.toMatchObject({ code: 'network', message: ONLINE_WRITE_MESSAGES.unreachable });
    } finally {
      server.proxy.setTarget(server.directUrl);
    }
    expect(await settingValue(device.db, 'company_name')).toBe(before);
  });

  it("carry the server's message and field messages when refused", async () => {
    const device = await bed.device();
    const refused = device.engine.writes.send({ method: 'PUT', path: 'api/settings', body: { options: 'não é uma lista' }, pulls: ['settings'] });
    await expect(refused).rejects.toMatchObject({ code: 'validation', message: 'Deve ser uma lista.', info: { status: 400 } });
  });
});
