/**
 * Every text of 'Configurações' (spec core-administration sections 2, 3 and
 * 8; samples.md Resultados). Where the spec names a text it is used word
 * for word; labels the spec leaves open are chosen in
 * docs/decisions/settings.md.
 */
import type { CompanyField, MessageField } from '@sync/contract/settings-groups';
import type { LevelKey, RiskKey } from '@/domain/result-thresholds-parse';

export const SETTINGS_TEXTS = {
  title: 'Configurações',
  tabs: {
    company: 'Dados da empresa',
    messages: 'Textos dos impressos',
    system: 'Variáveis do sistema',
    results: 'Resultados',
    access: 'Controle de acesso',
  },
  save: 'Salvar',
  loading: 'Carregando configurações…',
  offline: 'Sem conexão: as configurações continuam visíveis, mas salvar precisa de conexão com a internet. Nada do que você digitar será perdido.',
  valid: 'Válido',
} as const;

export const COMPANY_LABELS: Record<CompanyField, string> = {
  name: 'Nome da empresa',
  cnpj: 'CNPJ',
  employName: 'Responsável técnico',
  employRegisterNo: 'Registro do responsável',
  email: 'E-mail',
  site: 'Site',
  instagram: 'Instagram',
  phone: 'Telefone',
  whatsapp1: 'WhatsApp 1',
  whatsapp2: 'WhatsApp 2',
  zipcode: 'CEP',
  address: 'Endereço',
  number: 'Número',
  district: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
  bgColor: 'Cor de fundo',
  fontColor: 'Cor da fonte',
  fontColor2: 'Cor da fonte secundária',
  titleColor: 'Cor dos títulos',
};

export const COMPANY_SECTIONS = {
  identity: 'Identificação',
  contact: 'Contato',
  address: 'Endereço',
  colors: 'Cores dos impressos',
} as const;

export const MESSAGE_LABELS: Record<MessageField, string> = {
  presentation: 'Apresentação',
  quotationDetails: 'Detalhes do orçamento (texto padrão)',
  footer: 'Rodapé',
  slogan: 'Slogan',
  receipt: 'Recibo',
  warranty: 'Garantia',
  approbation: 'Aprovação',
  sendMessage: 'Mensagem do e-mail do orçamento',
  sendMessageWhats: 'Mensagem do WhatsApp do orçamento',
  sendMessageNewFilesUpload: 'Mensagem de novos arquivos',
};

export const MESSAGES_TEXTS = {
  placeholdersTitle: 'Variáveis dos textos',
  placeholdersHint: 'Escreva a variável no texto; ao imprimir ou enviar, ela é trocada pelo dado do cliente ou do orçamento.',
  placeholders: {
    '{cliente}': 'Nome do cliente',
    '{contato}': 'Nome do contato (ou do cliente)',
    '{tipo_documento}': 'CPF ou CNPJ',
    '{documento}': 'Número do documento',
    '{total}': 'Total do orçamento',
    '{total_extenso}': 'Total por extenso',
    '{orcamento}': 'Número do orçamento',
  } as Record<string, string>,
  deadlines: 'Prazos do orçamento',
  activity: 'Atividade',
  description: 'Descrição',
  addDeadline: 'Adicionar prazo',
  removeDeadline: 'Remover prazo',
} as const;

export const SYSTEM_TEXTS = {
  logo: 'Logo',
  logoHint: 'Imagem PNG ou JPEG de até 2 MB, usada no cabeçalho dos impressos.',
  logoPlaceholder: 'Escolher imagem',
  logoCurrent: 'Logo atual',
  logoNone: 'Nenhum logo enviado.',
  logoUnavailable: 'O logo atual não pode ser mostrado sem conexão.',
  warranty: 'Garantia (dias)',
  timeAlert: 'Alerta de vencimento de calibração (dias)',
  /** Issue 28: `settings_allowSelfApproval`. */
  allowSelfApproval: 'Permitir que quem finalizou a amostra também a aprove (consultoria de uma pessoa)',
} as const;

export const RESULTS_TEXTS = {
  chemicalTitle: 'Resultados Químico',
  noiseTitle: 'Resultados Ruído',
  riskTab: 'Índices de risco',
  lqTab: 'LQ',
  risks: { risk1: 'Baixo', risk2: 'Médio', risk3: 'Médio-alto', risk4: 'Alto' } as Record<RiskKey, string>,
  levels: { level1: 'Nível 1', level2: 'Nível 2', level3: 'Nível 3', level4: 'Nível 4' } as Record<LevelKey, string>,
  risk: 'Risco',
  level: 'Nível',
  min: 'Mínimo',
  max: 'Máximo',
  conclusion: 'Conclusão',
  color: 'Cor',
  dailyDoseMin: 'Dose diária mín. (%)',
  dailyDoseMax: 'Dose diária máx. (%)',
  technicalConsiderations: 'Considerações técnicas',
  recommendedAction: 'Ação recomendada',
  noBound: '—',
  options: {
    action_in_body: 'Ação no corpo',
    notion_skin: 'Notação pele',
    dispersal: 'Meio de dispersão',
    ipvs: 'IPVS',
    odor_limit: 'Limite de odor',
    respirator: 'Respirador',
  } as Record<string, string>,
  optionName: 'Nome',
  addOption: 'Adicionar opção',
  removeOption: 'Remover opção',
  nho: 'NHO',
  nr15: 'NR15',
} as const;
