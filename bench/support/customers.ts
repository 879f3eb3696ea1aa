/**
 * Customers for the scale bench (part api-scale): companies and people with
 * Portuguese names, e-mails, documents and phones as the API stores them
 * (digits only), and the terms an office types to find one. Pure and
 * deterministic, like support/agents.ts.
 */

const COMPANIES = [
  'Metalúrgica',
  'Indústria',
  'Química',
  'Fundição',
  'Construtora',
  'Transportadora',
  'Mineração',
  'Têxtil',
  'Alimentos',
  'Plásticos',
  'Usinagem',
  'Laboratório',
] as const;
const PLACES = [
  'Horizonte',
  'Aurora',
  'Progresso',
  'São Jorge',
  'Vale Verde',
  'Atlântica',
  'Paulista',
  'Mineira',
  'do Sul',
  'Nordeste',
  'Ipiranga',
  'Planalto',
] as const;
const FIRST = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Paulo',
  'Carla',
  'Pedro',
  'Juliana',
  'Lucas',
  'Fernanda',
  'Marcos',
  'Patrícia',
  'Rafael',
  'Camila',
  'Bruno',
  'Aline',
] as const;
const LAST = [
  'Silva',
  'Souza',
  'Oliveira',
  'Santos',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ferreira',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Araújo',
  'Gomes',
  'Ribeiro',
] as const;

export interface CustomerRow {
  name: string;
  type: 'individual' | 'corporate';
  document: string;
  email: string;
  phone: string;
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

/** The `index`-th customer: companies on even indexes, people on odd ones. */
export function customerRow(index: number): CustomerRow {
  const phone = `11${String(900_000_000 + index)}`;
  if (index % 2 === 0) {
    const place = PLACES[Math.floor(index / COMPANIES.length) % PLACES.length]!;
    return {
      name: `${COMPANIES[index % COMPANIES.length]} ${place} ${index} Ltda`,
      type: 'corporate',
      document: `${String(index).padStart(8, '0')}0001${String(index % 97).padStart(2, '0')}`,
      email: `contato${index}@${plain(place)}.com.br`,
      phone,
    };
  }
  const first = FIRST[index % FIRST.length]!;
  const last = LAST[Math.floor(index / FIRST.length) % LAST.length]!;
  return {
    name: `${first} ${last} ${index}`,
    type: 'individual',
    document: String(index).padStart(11, '0'),
    email: `${plain(first)}.${plain(last)}${index}@exemplo.com.br`,
    phone,
  };
}

/** Twenty terms: a name, two words, accents or none, an e-mail piece, a document or phone piece, nothing. */
export const CUSTOMER_TERMS: readonly string[] = [
  'metalurgica',
  'Horizonte',
  'fundição aurora',
  'quimica paulista',
  'souza',
  'joao silva',
  'patricia',
  'ltda',
  'sao jorge',
  'vale verde',
  'contato4242',
  'exemplo.com',
  '4242',
  '00012345',
  '(11) 90001',
  '900099',
  'aline gomes 3',
  'araujo',
  'inexistente',
  'zzz',
];
