/**
 * The customer form's rules (src/entities/customer/customer-form-values.ts):
 * masks and capitalisation as typed, the spec's messages, check digits of
 * CPF and CNPJ by type, and the contact: copied from an individual, the
 * company's own block (null when blank).
 */
import { describe, expect, it } from 'vitest';
import { changeCustomerForm, customerFormValues, readCustomerForm, type CustomerFormValues } from '@/entities/customer';

const filled = (patch: Partial<CustomerFormValues> = {}): CustomerFormValues => ({
  ...customerFormValues(),
  name: 'Maria da Silva',
  email: 'maria@exemplo.com.br',
  phone: '(11) 98765-4321',
  ...patch,
});

describe('changes as typed', () => {
  it.each([
    ['phone', { phone: '1133334444' }, 'phone', '(11) 3333-4444'],
    ['phone switching to nine digits', { phone: '11987654321' }, 'phone', '(11) 98765-4321'],
    ['contact phone', { contactPhone: '2133334444' }, 'contactPhone', '(21) 3333-4444'],
    ['CPF of an individual', { document: '52998224725' }, 'document', '529.982.247-25'],
    ['name capitalised, small words kept', { name: 'maria da silva e souza' }, 'name', 'Maria da Silva e Souza'],
    ['acronyms kept', { name: 'ACME indústria LTDA' }, 'name', 'ACME Indústria LTDA'],
    ['contact name capitalised', { contactName: 'joão dos santos' }, 'contactName', 'João dos Santos'],
  ] as const)('%s', (_case, patch, field, expected) => {
    expect(changeCustomerForm(customerFormValues(), patch)[field]).toBe(expected);
  });

  it('re-masks the document when the type changes (digits kept)', () => {
    const individual = changeCustomerForm(customerFormValues(), { document: '11222333000181' });
    expect(individual.document).toBe('112.223.330-00');
    const corporate = changeCustomerForm({ ...individual, document: '11222333000181' }, { type: 'corporate' });
    expect(corporate.document).toBe('11.222.333/0001-81');
  });
});

describe('validation', () => {
  it('requires name, e-mail and phone with the spec messages', () => {
    const read = readCustomerForm(customerFormValues());
    expect(read).toEqual({
      ok: false,
      errors: { name: 'Nome é obrigatório', email: 'E-mail é obrigatório', phone: 'Telefone é obrigatório' },
    });
  });

  it.each([
    ['an e-mail without domain', { email: 'maria@' }, { email: 'E-mail é inválido' }],
    ['a phone of 9 digits', { phone: '(11) 3333-444' }, { phone: 'Telefone inválido' }],
    ['a CPF with wrong check digits', { document: '529.982.247-24' }, { document: 'CPF inválido' }],
    ['an incomplete CPF', { document: '529.982' }, { document: 'CPF inválido' }],
    ['all-equal CPF', { document: '111.111.111-11' }, { document: 'CPF inválido' }],
    ['a CNPJ with wrong check digits', { type: 'corporate' as const, document: '11.222.333/0001-80' }, { document: 'CNPJ inválido' }],
    ['a CPF given to a company', { type: 'corporate' as const, document: '529.982.247-25' }, { document: 'CNPJ inválido' }],
    ['a company contact e-mail', { type: 'corporate' as const, contactEmail: 'ana@' }, { contactEmail: 'E-mail é inválido' }],
    ['a company contact phone', { type: 'corporate' as const, contactPhone: '(11) 3333' }, { contactPhone: 'Telefone inválido' }],
  ])('refuses %s', (_case, patch, errors) => {
    expect(readCustomerForm(filled(patch))).toEqual({ ok: false, errors });
  });

  it.each([
    ['a valid CPF', { document: '529.982.247-25' }, '52998224725'],
    ['a valid CNPJ', { type: 'corporate' as const, document: '11.222.333/0001-81' }, '11222333000181'],
    ['an alphanumeric CNPJ', { type: 'corporate' as const, document: '12.ABC.345/01DE-35' }, '12ABC34501DE35'],
    ['no document', { document: '' }, null],
  ])('accepts %s', (_case, patch, document) => {
    const read = readCustomerForm(filled(patch));
    expect(read.ok && read.fields.document).toBe(document);
  });
});

describe('the contact', () => {
  it('of an individual is the customer itself (name, e-mail, phone copied)', () => {
    const read = readCustomerForm(filled({ contactName: 'ignored', comment: '  Cliente antigo ' }));
    expect(read).toEqual({
      ok: true,
      fields: {
        name: 'Maria da Silva',
        type: 'individual',
        document: null,
        email: 'maria@exemplo.com.br',
        phone: '11987654321',
        comment: 'Cliente antigo',
        contact: { name: 'Maria da Silva', email: 'maria@exemplo.com.br', phone: '11987654321' },
      },
    });
  });

  it('of a company is its own block, blank parts null, all blank no contact', () => {
    const withContact = readCustomerForm(filled({ type: 'corporate', contactName: 'Ana Souza', contactPhone: '(11) 3333-4444' }));
    expect(withContact.ok && withContact.fields.contact).toEqual({ name: 'Ana Souza', email: null, phone: '1133334444' });
    const blank = readCustomerForm(filled({ type: 'corporate' }));
    expect(blank.ok && blank.fields.contact).toBeNull();
  });

  it('is shown for a company record and not for an individual one', () => {
    const contact = { name: 'Ana', email: 'ana@x.com.br', phone: '1133334444' };
    const base = { name: 'X', document: null, email: 'x@x.com.br', phone: '1133334444', comment: null, contact };
    expect(customerFormValues({ ...base, type: 'corporate' })).toMatchObject({ contactName: 'Ana', contactPhone: '(11) 3333-4444' });
    expect(customerFormValues({ ...base, type: 'individual' })).toMatchObject({ contactName: '', contactEmail: '', contactPhone: '' });
  });
});
