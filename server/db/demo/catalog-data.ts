/**
 * The demo catalog, as an occupational hygiene consultancy in Brazil would
 * have it: agents by type with real CAS numbers, NIOSH/NHO methods and
 * IPVS values; the field equipment (dosimeters, acoustic calibrators,
 * sampling pumps and flow calibrators, IBUTG meters, vibration meters) with
 * serial numbers, RBC calibration certificates and expiry dates, some
 * already expired (the demo runs in late 2026); services and costs with
 * prices in reais. Keys let agents and services name their equipment.
 */
import type { EQUIPMENT_TYPES } from '@sync/contract/catalog';
import type { SampleTypeSlug } from '@sync/contract/samples/types';

type Line = { equipment: string; quantity?: number };

export const DEMO_CATEGORIES = {
  dosimetros: 'Dosímetros de ruído',
  decibelimetros: 'Decibelímetros',
  calibradoresAcusticos: 'Calibradores acústicos',
  bombas: 'Bombas de amostragem',
  calibradoresVazao: 'Calibradores de vazão',
  ibutg: 'Medidores de estresse térmico (IBUTG)',
  vibracao: 'Medidores de vibração',
} as const;

export type DemoEquipment = {
  key: string;
  name: string;
  category: keyof typeof DEMO_CATEGORIES;
  type: (typeof EQUIPMENT_TYPES)[number];
  serial_number: string;
  calibration_certificate: string;
  expiration_date: string;
};

export const DEMO_EQUIPMENT: DemoEquipment[] = [
  {
    key: 'dosimetro3m',
    name: 'Dosímetro de ruído 3M Edge eg5',
    category: 'dosimetros',
    type: 'instrumento',
    serial_number: 'EG5-110934',
    calibration_certificate: 'RBC-LV-2025/08812',
    expiration_date: '2026-09-15',
  },
  {
    key: 'dosimetroCriffer',
    name: 'Dosímetro de ruído Criffer Sonus 2',
    category: 'dosimetros',
    type: 'instrumento',
    serial_number: 'SONUS2-21877',
    calibration_certificate: 'RBC-CAL-0451/2026',
    expiration_date: '2027-04-30',
  },
  {
    key: 'decibelimetro',
    name: 'Decibelímetro Instrutherm DEC-490',
    category: 'decibelimetros',
    type: 'instrumento',
    serial_number: 'DEC490-55102',
    calibration_certificate: 'RBC-CAL-0388/2026',
    expiration_date: '2027-01-20',
  },
  {
    key: 'calibrador3m',
    name: 'Calibrador acústico 3M AC-300',
    category: 'calibradoresAcusticos',
    type: 'calibrador',
    serial_number: 'AC300-10562',
    calibration_certificate: 'RBC-LV-2026/01127',
    expiration_date: '2027-02-10',
  },
  {
    key: 'calibradorCriffer',
    name: 'Calibrador acústico Criffer CR-2',
    category: 'calibradoresAcusticos',
    type: 'calibrador',
    serial_number: 'CR2-3391',
    calibration_certificate: 'RBC-CAL-0102/2025',
    expiration_date: '2026-06-30',
  },
  {
    key: 'bombaSkc',
    name: 'Bomba de amostragem SKC AirChek 5000',
    category: 'bombas',
    type: 'instrumento',
    serial_number: '5000-44871',
    calibration_certificate: 'RBC-FLX-2026/0032',
    expiration_date: '2027-05-31',
  },
  {
    key: 'bombaGilian',
    name: 'Bomba de amostragem Gilian GilAir Plus',
    category: 'bombas',
    type: 'instrumento',
    serial_number: 'GAP-7781',
    calibration_certificate: 'RBC-FLX-2025/0419',
    expiration_date: '2026-10-31',
  },
  {
    key: 'calibradorVazao',
    name: 'Calibrador de vazão Bios Defender 520',
    category: 'calibradoresVazao',
    type: 'calibrador',
    serial_number: 'DEF520-1183',
    calibration_certificate: 'RBC-FLX-2026/0077',
    expiration_date: '2027-03-15',
  },
  {
    key: 'ibutgInstrutherm',
    name: 'Medidor de IBUTG Instrutherm TGD-400',
    category: 'ibutg',
    type: 'instrumento',
    serial_number: 'TGD400-2291',
    calibration_certificate: 'RBC-TER-2026/0219',
    expiration_date: '2027-08-01',
  },
  {
    key: 'ibutgQuest',
    name: 'Medidor de IBUTG Quest QuesTemp 34',
    category: 'ibutg',
    type: 'instrumento',
    serial_number: 'QT34-0917',
    calibration_certificate: 'RBC-TER-2025/0530',
    expiration_date: '2026-11-01',
  },
  {
    key: 'vibracaoHvm',
    name: 'Medidor de vibração Larson Davis HVM200',
    category: 'vibracao',
    type: 'instrumento',
    serial_number: 'HVM200-3345',
    calibration_certificate: 'RBC-VIB-2026/0061',
    expiration_date: '2027-06-30',
  },
  {
    key: 'acelerometro',
    name: 'Acelerômetro triaxial PCB 356B18',
    category: 'vibracao',
    type: 'instrumento',
    serial_number: 'PCB-88210',
    calibration_certificate: 'RBC-VIB-2026/0062',
    expiration_date: '2027-06-30',
  },
  {
    key: 'calibradorVibracao',
    name: 'Calibrador de vibração Larson Davis 394C06',
    category: 'vibracao',
    type: 'calibrador',
    serial_number: '394C06-1021',
    calibration_certificate: 'RBC-VIB-2026/0015',
    expiration_date: '2026-12-31',
  },
];

/** Product type slugs: the sample types of the contract (server/db/seed/reference-data.ts seeds them). */
type TypeSlug = SampleTypeSlug;

export type DemoAgent = {
  key: string;
  name: string;
  type: TypeSlug;
  price: number;
  code: string;
  method: string;
  cas?: string;
  action_in_body?: string;
  notion_skin?: string;
  ipvs?: string;
  odor_limit?: string;
  respirator?: string;
  display_name?: string;
  unit_type?: string;
  equipment?: Line[];
};

const ORGANIC_VAPOUR = 'Respirador semifacial com filtro químico para vapores orgânicos (VO)';
const CHARCOAL_SAMPLING: Line[] = [{ equipment: 'bombaSkc' }, { equipment: 'calibradorVazao' }];

export const DEMO_AGENTS: DemoAgent[] = [
  {
    key: 'tolueno',
    name: 'Tolueno',
    type: 'chemical',
    price: 185,
    code: 'QUI-001',
    method: 'NIOSH 1501',
    cas: '108-88-3',
    action_in_body: 'Depressor do sistema nervoso central; irritante para olhos e pele',
    notion_skin: 'Sim',
    ipvs: '500',
    odor_limit: '2,9',
    respirator: ORGANIC_VAPOUR,
    unit_type: 'ppm',
    equipment: CHARCOAL_SAMPLING,
  },
  {
    key: 'benzeno',
    name: 'Benzeno',
    type: 'chemical',
    price: 210,
    code: 'QUI-002',
    method: 'NIOSH 1501',
    cas: '71-43-2',
    action_in_body: 'Carcinogênico (leucemia); mielotóxico',
    notion_skin: 'Sim',
    ipvs: '500',
    odor_limit: '1,5',
    respirator: ORGANIC_VAPOUR,
    unit_type: 'ppm',
    equipment: CHARCOAL_SAMPLING,
  },
  {
    key: 'xileno',
    name: 'Xileno (mistura de isômeros)',
    type: 'chemical',
    price: 185,
    code: 'QUI-003',
    method: 'NIOSH 1501',
    cas: '1330-20-7',
    action_in_body: 'Depressor do sistema nervoso central; irritante',
    notion_skin: 'Sim',
    ipvs: '900',
    odor_limit: '1,1',
    respirator: ORGANIC_VAPOUR,
    display_name: 'Xileno',
    unit_type: 'ppm',
    equipment: CHARCOAL_SAMPLING,
  },
  {
    key: 'hexano',
    name: 'n-Hexano',
    type: 'chemical',
    price: 185,
    code: 'QUI-004',
    method: 'NIOSH 1500',
    cas: '110-54-3',
    action_in_body: 'Neuropatia periférica',
    notion_skin: 'Não',
    ipvs: '1100',
    odor_limit: '130',
    respirator: ORGANIC_VAPOUR,
    unit_type: 'ppm',
    equipment: CHARCOAL_SAMPLING,
  },
  {
    key: 'formaldeido',
    name: 'Formaldeído',
    type: 'chemical',
    price: 260,
    code: 'QUI-005',
    method: 'NIOSH 2016',
    cas: '50-00-0',
    action_in_body: 'Irritante de vias aéreas; sensibilizante; carcinogênico',
    notion_skin: 'Sim',
    ipvs: '20',
    odor_limit: '0,83',
    respirator: 'Respirador semifacial com filtro para formaldeído',
    unit_type: 'ppm',
    equipment: [{ equipment: 'bombaSkc' }, { equipment: 'calibradorVazao' }],
  },
  {
    key: 'silica',
    name: 'Sílica cristalina (quartzo)',
    type: 'chemical',
    price: 320,
    code: 'QUI-010',
    method: 'NIOSH 7602 (difração de raios X)',
    cas: '14808-60-7',
    action_in_body: 'Silicose; carcinogênico pulmonar',
    notion_skin: 'Não',
    respirator: 'Respirador PFF3 ou semifacial com filtro P3',
    display_name: 'Sílica livre cristalina (fração respirável)',
    unit_type: 'mg/m³',
    equipment: [{ equipment: 'bombaGilian', quantity: 2 }, { equipment: 'calibradorVazao' }],
  },
  {
    key: 'manganes',
    name: 'Fumos de manganês',
    type: 'chemical',
    price: 240,
    code: 'QUI-020',
    method: 'NIOSH 7300 (ICP)',
    cas: '7439-96-5',
    action_in_body: 'Neurotóxico (manganismo)',
    notion_skin: 'Não',
    ipvs: '500',
    respirator: 'Respirador PFF2 para fumos metálicos',
    unit_type: 'mg/m³',
    equipment: [{ equipment: 'bombaSkc' }],
  },
  {
    key: 'ruidoContinuo',
    name: 'Ruído contínuo ou intermitente',
    type: 'noise',
    price: 350,
    code: 'RUI-001',
    method: 'NHO 01 (Fundacentro)',
    unit_type: 'dB(A)',
    equipment: [{ equipment: 'dosimetroCriffer', quantity: 2 }, { equipment: 'calibrador3m' }],
  },
  {
    key: 'ruidoImpacto',
    name: 'Ruído de impacto',
    type: 'noise',
    price: 380,
    code: 'RUI-002',
    method: 'NHO 01 (Fundacentro)',
    unit_type: 'dB(C)',
    equipment: [{ equipment: 'decibelimetro' }, { equipment: 'calibrador3m' }],
  },
  {
    key: 'vmb',
    name: 'Vibração de mãos e braços (VMB)',
    type: 'vibration',
    price: 450,
    code: 'VIB-001',
    method: 'NHO 10 (Fundacentro)',
    unit_type: 'm/s²',
    equipment: [{ equipment: 'vibracaoHvm' }, { equipment: 'acelerometro' }, { equipment: 'calibradorVibracao' }],
  },
  {
    key: 'vci',
    name: 'Vibração de corpo inteiro (VCI)',
    type: 'vibration',
    price: 480,
    code: 'VIB-002',
    method: 'NHO 09 (Fundacentro)',
    unit_type: 'm/s²',
    equipment: [{ equipment: 'vibracaoHvm' }, { equipment: 'acelerometro' }],
  },
  {
    key: 'calor',
    name: 'Calor (IBUTG)',
    type: 'heat',
    price: 400,
    code: 'CAL-001',
    method: 'NHO 06 (Fundacentro)',
    unit_type: '°C',
    equipment: [{ equipment: 'ibutgInstrutherm' }],
  },
];

export const DEMO_SERVICES: Array<{ key: string; name: string; price: number; equipment?: Line[] }> = [
  {
    key: 'dosimetria',
    name: 'Avaliação quantitativa de ruído (dosimetria)',
    price: 1850,
    equipment: [{ equipment: 'dosimetroCriffer', quantity: 3 }, { equipment: 'calibrador3m' }],
  },
  {
    key: 'quimicos',
    name: 'Avaliação de agentes químicos',
    price: 2400,
    equipment: [{ equipment: 'bombaSkc', quantity: 2 }, { equipment: 'calibradorVazao' }],
  },
  { key: 'calor', name: 'Avaliação de calor (IBUTG)', price: 1200, equipment: [{ equipment: 'ibutgInstrutherm' }] },
  {
    key: 'vibracao',
    name: 'Avaliação de vibração (VMB e VCI)',
    price: 2100,
    equipment: [{ equipment: 'vibracaoHvm' }, { equipment: 'acelerometro' }],
  },
  { key: 'ltcat', name: 'Elaboração de LTCAT', price: 3500 },
  { key: 'insalubridade', name: 'Laudo de insalubridade (NR-15)', price: 2800 },
  { key: 'periculosidade', name: 'Laudo de periculosidade (NR-16)', price: 2200 },
  { key: 'pgr', name: 'PGR: inventário de riscos e plano de ação', price: 4200 },
  { key: 'treinamento', name: 'Treinamento NR-06 (EPI)', price: 900 },
];

export const DEMO_COSTS: Array<{ key: string; name: string; price: number }> = [
  { key: 'km', name: 'Deslocamento (por km rodado)', price: 1.85 },
  { key: 'diaria', name: 'Diária de técnico em campo', price: 650 },
  { key: 'hospedagem', name: 'Hospedagem (por noite)', price: 280 },
  { key: 'alimentacao', name: 'Alimentação (por dia)', price: 95 },
  { key: 'labSolventes', name: 'Análise laboratorial de solventes (por amostra)', price: 145 },
  { key: 'labSilica', name: 'Análise laboratorial de sílica (por amostra)', price: 210 },
  { key: 'tuboCarvao', name: 'Tubo de carvão ativo 100/50 mg', price: 38.5 },
  { key: 'cassete', name: 'Cassete com filtro de PVC 37 mm', price: 24.9 },
  { key: 'sedex', name: 'Envio de amostras ao laboratório (Sedex)', price: 85 },
];
