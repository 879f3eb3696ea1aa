/**
 * Texts of the customer form, shared by the customer page and the
 * 'Adicionar Cliente' modal (spec: Customers; sections 5 and 8).
 */
import { CNPJ_PATTERN, CPF_PATTERN, PHONE_PATTERN } from '@/domain/masks';

export const CUSTOMER_FORM_TEXTS = {
  fields: {
    name: 'Nome',
    type: 'Tipo de cliente',
    individual: 'Pessoa física',
    corporate: 'Pessoa jurídica',
    cpf: 'CPF',
    cnpj: 'CNPJ',
    email: 'E-mail',
    phone: 'Telefone',
    comment: 'Observações',
  },
  contact: {
    title: 'Contato',
    name: 'Nome do contato',
    email: 'E-mail do contato',
    phone: 'Telefone do contato',
  },
  placeholders: { cpf: CPF_PATTERN, cnpj: CNPJ_PATTERN, phone: PHONE_PATTERN },
  sameDocument: {
    title: (label: string) => `Já existe um cliente com este ${label}`,
    message: (name: string) => `${name} já está cadastrado com este documento.`,
    open: 'Abrir cliente existente',
    use: 'Usar este cliente',
  },
  modalTitle: 'Adicionar Cliente',
  save: 'Salvar',
  saved: 'Cliente salvo com sucesso',
  saveFailed: (message: string) => `Erro ao salvar clientes: ${message}`,
} as const;
