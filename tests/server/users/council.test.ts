/**
 * A user's professional council (issue 28) on the real server (PGlite,
 * loopback): saved by the users form and by the profile, all three fields
 * or none, answered in the current user, the user and the users list; a
 * form without the fields keeps them; and the council saved on one's own
 * profile is what lets one approve a sample at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PATH, USER_MESSAGES } from '@sync/contract/user-input';
import { insertUser } from '@server/db/demo/records';
import { api, ok } from '../catalog/support';
import { call, signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { finalize, review, reviewWorld, draftSample, type ReviewWorld } from '../samples/review-support';
import { sendForm } from './support';

let t: TestApp;
let world: ReviewWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await reviewWorld(t);
});
afterAll(() => t?.close());

const admin = () => world.tokens.admin;
const COUNCIL = { council_type: 'CRM', council_number: '54321', council_uf: 'MG' };
let serial = 0;

function newUser(overrides: Record<string, string> = {}): Record<string, string> {
  serial += 1;
  return {
    name: `Médica ${serial}`,
    username: `medica${serial}`,
    email: `medica${serial}@empresa.com.br`,
    phone: '(11) 98765-4321',
    user_type_id: '2',
    role_id: '2',
    password: 'senha-forte-1',
    password_confirmation: 'senha-forte-1',
    send_password: 'false',
    ...overrides,
  };
}

describe('the users form', () => {
  it('saves the council and answers it in the user, the users list and the user’s own current user', async () => {
    const fields = newUser(COUNCIL);
    const created = await sendForm(t, 'POST', '/api/user', admin(), fields);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.user.settings).toMatchObject(COUNCIL);
    expect(ok(await call(t, 'GET', `/api/user/${created.body.user.id}`, { token: admin() })).settings).toMatchObject(COUNCIL);
    const list = ok(await call(t, 'GET', `/api/user/all/0/50?search=${fields.username}`, { token: admin() }));
    expect(list.list[0].settings).toMatchObject(COUNCIL);
    const own = (await signIn(t, fields.username!, fields.password!)).access_token;
    expect(ok(await call(t, 'GET', '/api/user', { token: own })).settings).toMatchObject(COUNCIL);
  });

  it('keeps the council when the form has no council fields, and clears it when all three are blank', async () => {
    const fields = newUser(COUNCIL);
    const id = (await sendForm(t, 'POST', '/api/user', admin(), fields)).body.user.id;
    const { password: _p, password_confirmation: _c, ...withoutPassword } = fields;
    const { council_type: _t, council_number: _n, council_uf: _u, ...plain } = withoutPassword;
    const kept = await sendForm(t, 'POST', `/api/user/${id}`, admin(), { ...plain, name: 'Médica Renomeada' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.user.settings).toMatchObject(COUNCIL);
    const cleared = await sendForm(t, 'POST', `/api/user/${id}`, admin(), { ...plain, council_type: '', council_number: '', council_uf: '' });
    expect(cleared.body.user.settings).toMatchObject({ council_type: null, council_number: null, council_uf: null });
  });

  it.each([
    ['two of three', { council_type: 'CREA', council_number: '1', council_uf: '' }, 'council_uf', USER_MESSAGES.councilIncomplete],
    ['only the number', { council_number: '1' }, 'council_type', USER_MESSAGES.councilIncomplete],
    ['an unknown type', { ...COUNCIL, council_type: 'OAB' }, 'council_type', USER_MESSAGES.councilTypeInvalid],
    ['an unknown UF', { ...COUNCIL, council_uf: 'XX' }, 'council_uf', USER_MESSAGES.councilUfInvalid],
  ])('refuses %s (400, at its field) and saves nothing', async (_, council, field, message) => {
    const fields = newUser(council);
    const reply = await sendForm(t, 'POST', '/api/user', admin(), fields);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[field]).toContain(message);
    const list = ok(await call(t, 'GET', `/api/user/all/0/50?search=${fields.username}`, { token: admin() }));
    expect(list.list).toEqual([]);
  });
});

describe('the profile', () => {
  it('saves one’s own council, answers it, and from then on lets one approve', async () => {
    await insertUser(t.db, {
      name: 'Eng. Nova',
      username: 'engnova',
      email: 'engnova@empresa.com.br',
      password: 'senha-de-teste-1',
      roleSlug: 'administrativo',
    });
    const token = (await signIn(t, 'engnova', 'senha-de-teste-1')).access_token;
    const engineer = api(t, token);
    const sample = await draftSample(world);
    ok(await finalize(world.as.technician, sample.id));
    expect((await review(engineer, sample.id, 'approve')).status).toBe(403);

    const base = { name: 'Eng. Nova', email: 'engnova@empresa.com.br', phone: '11987654321', store_activated: 'true' };
    const incomplete = await sendForm(t, 'POST', `/${PROFILE_PATH}`, token, { ...base, council_type: 'CREA' });
    expect(incomplete.status).toBe(400);
    const saved = await sendForm(t, 'POST', `/${PROFILE_PATH}`, token, { ...base, council_type: 'CREA', council_number: '998877', council_uf: 'RJ' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.user.settings).toMatchObject({ council_type: 'CREA', council_number: '998877', council_uf: 'RJ' });
    expect(ok(await call(t, 'GET', '/api/user', { token })).settings).toMatchObject({ council_uf: 'RJ' });

    const approved = await review(engineer, sample.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.approval).toMatchObject({ approver_name: 'Eng. Nova', council: 'CREA 998877/RJ' });
  });
});
