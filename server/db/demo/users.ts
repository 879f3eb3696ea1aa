/**
 * Demo users: an office clerk, a field technician, a safety engineer who
 * reviews and approves samples (council data on her profile) and a
 * customer-type user linked to one demo customer. All share DEMO_PASSWORD.
 */
import { CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import { insertUser, linkUserToCustomer } from './records';
import type { DemoStep } from './steps';

export const DEMO_PASSWORD = 'demo12345';

export const demoUsersStep: DemoStep = {
  name: 'usuários',
  async run(tx, state) {
    state.users.escritorio = await insertUser(tx, {
      name: 'Mariana Lopes',
      username: 'mariana',
      email: 'mariana@demo.local',
      password: DEMO_PASSWORD,
      roleSlug: 'administrativo',
      position: 'Assistente administrativa',
      phone: '11955554444',
    });
    state.users.tecnico = await insertUser(tx, {
      name: 'Paulo Henrique Dias',
      username: 'paulo',
      email: 'paulo@demo.local',
      password: DEMO_PASSWORD,
      roleSlug: 'tecnico-de-campo',
      position: 'Técnico de segurança do trabalho',
      registrationCode: 'ABHO 1234',
      phone: '11944443333',
    });
    state.users.revisora = await insertUser(tx, {
      name: 'Renata Campos',
      username: 'renata',
      email: 'renata@demo.local',
      password: DEMO_PASSWORD,
      roleSlug: 'administrativo',
      position: 'Engenheira de segurança do trabalho',
      phone: '11933332222',
      council: { type: 'CREA', number: '5061234567', uf: 'SP' },
    });
    state.users.cliente = await insertUser(tx, {
      name: 'Carla Mendes',
      username: 'carla',
      email: 'carla@demo.local',
      password: DEMO_PASSWORD,
      roleSlug: CUSTOMER_ROLE_SLUG,
      position: 'Coordenadora de SESMT',
    });
    const customerId = state.customers.metalurgica;
    if (customerId === undefined) throw new Error('the customers step must run before the users step');
    await linkUserToCustomer(tx, state.users.cliente, customerId);
    state.logins.push(
      { username: 'mariana', password: DEMO_PASSWORD, what: 'administrativo' },
      { username: 'paulo', password: DEMO_PASSWORD, what: 'técnico de campo' },
      { username: 'renata', password: DEMO_PASSWORD, what: 'engenheira revisora (CREA), aprova amostras' },
      { username: 'carla', password: DEMO_PASSWORD, what: 'cliente (Metalúrgica Horizonte)' },
    );
  },
};
