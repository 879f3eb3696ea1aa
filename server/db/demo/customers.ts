/**
 * Demo customers: companies and one individual, with addresses and
 * contacts, in the shapes the screens show.
 */
import type { DemoStep } from './steps';
import { insertCustomer, type NewCustomer } from './records';

export const DEMO_CUSTOMERS: Array<NewCustomer & { key: string }> = [
  {
    key: 'metalurgica',
    name: 'Metalúrgica Horizonte Ltda',
    type: 'corporate',
    document: '12345678000195',
    email: 'contato@metalurgicahorizonte.com.br',
    phone: '1133224455',
    comment: 'Cliente desde a primeira campanha de ruído.',
    contact: { name: 'Carla Mendes', email: 'carla.mendes@metalurgicahorizonte.com.br', phone: '11987654321' },
    addresses: [
      {
        label: 'Endereço Principal',
        zipcode: '09750000',
        street: 'Avenida Industrial',
        number: '1500',
        district: 'Centro',
        city: 'São Bernardo do Campo',
        state: 'SP',
      },
      {
        label: 'Filial Diadema',
        zipcode: '09910000',
        street: 'Rua das Caldeiras',
        number: '230',
        address2: 'Galpão 3',
        district: 'Serraria',
        city: 'Diadema',
        state: 'SP',
      },
    ],
  },
  {
    key: 'quimica',
    name: 'Química Vale Verde S.A.',
    type: 'corporate',
    document: '98765432000198',
    email: 'sesmt@valeverde.ind.br',
    phone: '1932145566',
    contact: { name: 'Rafael Souza', email: 'rafael.souza@valeverde.ind.br', phone: '19991234567' },
    addresses: [{ zipcode: '13140000', street: 'Rodovia SP-332', number: 'km 125', district: 'Distrito Industrial', city: 'Paulínia', state: 'SP' }],
  },
  {
    key: 'construtora',
    name: 'Construtora Pedra Forte Ltda',
    type: 'corporate',
    document: '45678912000155',
    email: 'obras@pedraforte.com.br',
    phone: '3134567788',
    contact: { name: 'Juliana Prado', email: 'juliana@pedraforte.com.br', phone: '31988776655' },
    addresses: [
      { zipcode: '30130000', street: 'Rua da Bahia', number: '900', address2: 'Sala 1201', district: 'Centro', city: 'Belo Horizonte', state: 'MG' },
    ],
  },
  {
    key: 'marcenaria',
    name: 'João Batista Ferreira',
    type: 'individual',
    document: '52998224725',
    email: 'joao.marcenaria@gmail.com',
    phone: '41999887766',
    comment: 'Marcenaria própria; avaliação de ruído e poeira de madeira.',
    addresses: [{ zipcode: '80010000', street: 'Rua XV de Novembro', number: '45', district: 'Centro', city: 'Curitiba', state: 'PR' }],
  },
];

export const demoCustomersStep: DemoStep = {
  name: 'clientes',
  async run(tx, state) {
    for (const { key, ...customer } of DEMO_CUSTOMERS) {
      state.customers[key] = await insertCustomer(tx, customer);
    }
  },
};
