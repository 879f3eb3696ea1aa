/**
 * Default settings (option entries `{prefix}_{field}`, spec section 3):
 * company data left for the administrator to fill in, message templates in
 * Portuguese with the placeholders of MESSAGE_PLACEHOLDERS, system
 * variables, and the result thresholds from src/domain.
 */
import { MESSAGE_PLACEHOLDERS as P, settingName } from '@sync/contract/settings';
import { defaultResultThresholds } from '@/domain/result-thresholds';

const COMPANY: Record<string, string> = {
  name: '',
  bgColor: '#1c7ed6',
  fontColor: '#ffffff',
  fontColor2: '#212529',
  titleColor: '#1864ab',
  employName: '',
  employRegisterNo: '',
  cnpj: '',
  site: '',
  email: '',
  instagram: '',
  whatsapp1: '',
  whatsapp2: '',
  phone: '',
  address: '',
  number: '',
  district: '',
  city: '',
  state: '',
  zipcode: '',
};

const DEADLINES = [
  { activity: 'Coleta de amostras em campo', description: 'Até 10 dias úteis após a aprovação do orçamento' },
  { activity: 'Análises laboratoriais', description: 'Até 15 dias úteis após a coleta' },
  { activity: 'Entrega do relatório técnico', description: 'Até 10 dias úteis após o recebimento dos resultados' },
];

const MESSAGES: Record<string, string> = {
  presentation:
    `Prezado(a) ${P.contact},\n\nApresentamos a seguir nossa proposta técnica e comercial para ${P.customerName} ` +
    `(${P.documentType} ${P.document}), referente à avaliação de agentes ambientais para fins de higiene ocupacional.`,
  quotationDetails:
    '<p>As avaliações quantitativas serão realizadas conforme as Normas de Higiene Ocupacional (NHO) da Fundacentro ' +
    'e os Anexos da NR-15, com equipamentos calibrados e acompanhadas por profissional habilitado.</p>' +
    '<p>O relatório técnico apresentará a metodologia, os resultados, a classificação de risco e as recomendações.</p>',
  footer: 'Agradecemos a oportunidade e permanecemos à disposição para quaisquer esclarecimentos.',
  slogan: 'Saúde e segurança no ambiente de trabalho.',
  receipt:
    `Recebemos de ${P.customerName}, ${P.documentType} ${P.document}, a importância de ${P.total} ` +
    `(${P.totalInWords}), referente ao orçamento nº ${P.quotationId}.`,
  warranty:
    `Certificamos que os serviços do orçamento nº ${P.quotationId}, prestados a ${P.customerName} ` +
    `(${P.documentType} ${P.document}), foram executados conforme as normas técnicas vigentes e têm garantia ` +
    'de 90 dias a contar da entrega do relatório.',
  approbation:
    `Declaro que aprovo o orçamento nº ${P.quotationId}, no valor total de ${P.total} (${P.totalInWords}), ` +
    'e autorizo a execução dos serviços nele descritos.',
  sendMessage:
    `Olá, ${P.contact}!\n\nSegue o orçamento nº ${P.quotationId} para ${P.customerName}, no valor de ${P.total}.\n\n` +
    'Ficamos à disposição para qualquer dúvida.',
  sendMessageWhats: `Olá, ${P.contact}! Segue o orçamento nº ${P.quotationId} para ${P.customerName}, no valor de ${P.total}.`,
  sendMessageNewFilesUpload: `Olá, ${P.contact}!\n\nNovos arquivos de ${P.customerName} foram disponibilizados. Acesse o sistema para consultá-los.`,
  deadlines: JSON.stringify(DEADLINES),
};

const SYSTEM: Record<string, string> = {
  /** Path of the uploaded logo (files resource); empty until one is uploaded. */
  logo: '',
  /** Warranty period, in days, printed on the warranty document. */
  warranty: '90',
  /** Days before an equipment calibration expires when the alert starts showing. */
  timeAlert: '30',
};

export function defaultSettings(): Array<{ option: string; value: string }> {
  const thresholds = defaultResultThresholds();
  return [
    ...Object.entries(COMPANY).map(([field, value]) => ({ option: settingName('company', field), value })),
    ...Object.entries(MESSAGES).map(([field, value]) => ({ option: settingName('message', field), value })),
    ...Object.entries(SYSTEM).map(([field, value]) => ({ option: settingName('settings', field), value })),
    { option: settingName('result', 'chemical'), value: JSON.stringify(thresholds.chemical) },
    { option: settingName('result', 'noise'), value: JSON.stringify(thresholds.noise) },
  ];
}
