/**
 * Against the real server: an administrator's device changes a chemical and a
 * noise threshold (the online write of Configurações > Resultados); a
 * technician's device, synced before, has the new thresholds in its local
 * settings after its next sync, and computes risk levels with them while
 * the server is unreachable. A bad threshold is refused and never reaches it.
 */
import { describe, expect, it } from 'vitest';
import { RESULT_OPTIONS } from '@sync/contract/settings-groups';
import type { SyncDatabase } from '@sync/store/database';
import { readAll } from '@sync/store/queries';
import { insertUser } from '@server/db/demo/records';
import { chemicalRiskLevel } from '@/domain/chemical-risk';
import { noiseResultConclusion } from '@/domain/noise-levels';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import { parseChemicalThresholds, parseNoiseThresholds } from '@/domain/result-thresholds-parse';
import { CHEMICAL_THRESHOLDS_ERROR } from '@/domain/result-thresholds-validate';
import { PasswordAuth } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

const bed = useSyncServer();
const { server } = bed;

async function localOption(db: SyncDatabase, option: string): Promise<string | undefined> {
  return (await readAll(db, 'settings')).find((record) => record.option === option)?.value as string | undefined;
}

async function technicianDevice() {
  await insertUser(server.db, {
    name: 'Técnico',
    username: 'tecnico',
    email: 'tecnico@empresa.com.br',
    password: 'senha-de-teste-1',
    roleSlug: 'tecnico-de-campo',
  });
  const auth = new PasswordAuth(() => server.url, 'tecnico', 'senha-de-teste-1');
  await auth.signIn();
  return bed.device({ auth });
}

describe('result thresholds reach every device', () => {
  it("a change made on the administrator's device is on the technician's after its next sync, and drives its computations offline", async () => {
    const technician = await technicianDevice();
    const row = { lq: 'Acima', result: '0,3', twa: '1', calculation_base: 'TWA' };
    const before = parseChemicalThresholds(await localOption(technician.db, RESULT_OPTIONS.chemical));
    expect(chemicalRiskLevel(row, before).level).toBe('risk2'); // 0.3 is in the default 0.1–0.5 band

    const admin = await bed.device();
    const chemical = defaultResultThresholds().chemical;
    chemical.risks.risk1 = { ...chemical.risks.risk1, max: 0.4, conclusion: 'Risco baixo (revisado)' };
    chemical.risks.risk2 = { ...chemical.risks.risk2, min: 0.4 };
    const noise = defaultResultThresholds().noise;
    noise.nr15.level1 = { ...noise.nr15.level1, max: 60, dailyDoseMax: 60 };
    noise.nr15.level2 = { ...noise.nr15.level2, min: 60, dailyDoseMin: 60 };
    await admin.engine.writes.send({
      method: 'PUT',
      path: 'api/settings',
      body: {
        options: [
          { option: RESULT_OPTIONS.chemical, value: chemical },
          { option: RESULT_OPTIONS.noise, value: noise },
        ],
      },
      pulls: ['settings'],
    });

    expect((await technician.engine.syncNow()).ok).toBe(true);
    server.proxy.setTarget(null); // the technician goes to the field: no server from here on
    try {
      const reloaded = await bed.reload(technician);
      const after = parseChemicalThresholds(await localOption(reloaded.db, RESULT_OPTIONS.chemical));
      expect(chemicalRiskLevel(row, after)).toMatchObject({ level: 'risk1', conclusion: 'Risco baixo (revisado)' });
      const levels = parseNoiseThresholds(await localOption(reloaded.db, RESULT_OPTIONS.noise)).nr15;
      expect(noiseResultConclusion('55', levels).level).toBe('level1');
    } finally {
      server.proxy.setTarget(server.directUrl);
    }
  });

  it('a bad threshold is refused with the spec message and the devices keep the last good one', async () => {
    const admin = await bed.device();
    const kept = await localOption(admin.db, RESULT_OPTIONS.chemical);
    const chemical = defaultResultThresholds().chemical as unknown as { risks: Record<string, Record<string, unknown>> };
    chemical.risks.risk3!.max = 'um';
    await expect(
      admin.engine.writes.send({
        method: 'PUT',
        path: 'api/settings',
        body: { options: [{ option: RESULT_OPTIONS.chemical, value: chemical }] },
        pulls: ['settings'],
      }),
    ).rejects.toMatchObject({ code: 'validation', message: CHEMICAL_THRESHOLDS_ERROR });
    const other = await bed.device();
    expect(await localOption(other.db, RESULT_OPTIONS.chemical)).toBe(kept);
  });
});
