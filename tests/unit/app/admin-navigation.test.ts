/**
 * The menu shows only the user's modules, with 'Visão Global',
 * 'Sincronização' and 'Perfil' always; administrators see every module.
 */
import { describe, expect, it } from 'vitest';
import { isNavItemActive, navigationFor } from '@/app/navigation/admin-navigation';
import { makeAdmin, makeUser } from '../session/user-factory';

const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('navigationFor', () => {
  it.each([
    ['no modules', [], ['Visão Global', 'Sincronização', 'Perfil']],
    ['customers only', ['customers'], ['Visão Global', 'Clientes', 'Sincronização', 'Perfil']],
    ['dashboard adds nothing (overview is always there)', ['dashboard'], ['Visão Global', 'Sincronização', 'Perfil']],
    [
      'several, in menu order',
      ['settings', 'samples', 'customers', 'quotations'],
      ['Visão Global', 'Clientes', 'Orçamentos', 'Amostras', 'Configurações', 'Sincronização', 'Perfil'],
    ],
    ['unknown slug ignored', ['reports'], ['Visão Global', 'Sincronização', 'Perfil']],
  ])('%s', (_name, slugs, expected) => {
    const user = makeUser({ modules: slugs.map((slug, i) => ({ id: i + 1, name: slug, slug })) });
    expect(labels(navigationFor(user))).toEqual(expected);
  });

  it('gives administrators every area', () => {
    const admin = makeAdmin();
    expect(labels(navigationFor(admin))).toEqual([
      'Visão Global',
      'Clientes',
      'Orçamentos',
      'Opções de orçamento',
      'Amostras',
      'Agentes',
      'Métodos de amostragem',
      'Serviços',
      'Custos',
      'Equipamentos',
      'Usuários',
      'Configurações',
      'Sincronização',
      'Perfil',
    ]);
  });

  it("shows 'Opções de orçamento' (payment and exposition types) to administrators only, not to the quotations module", () => {
    const staff = makeUser({ modules: [{ id: 1, name: 'Orçamentos', slug: 'quotations' }] });
    expect(labels(navigationFor(staff))).not.toContain('Opções de orçamento');
    expect(navigationFor(makeAdmin()).find((i) => i.label === 'Opções de orçamento')?.to).toBe('/admin/opcoes-de-orcamento');
  });

  it('gives the agents module its second area, the sampling methods', () => {
    const user = makeUser({ modules: [{ id: 1, name: 'Agentes', slug: 'products' }] });
    expect(
      navigationFor(user)
        .filter((i) => i.module === 'products')
        .map((i) => [i.label, i.to]),
    ).toEqual([
      ['Agentes', '/admin/agentes/lista/1'],
      ['Métodos de amostragem', '/admin/metodos/lista/1'],
    ]);
  });

  it('links areas to their first list page', () => {
    const user = makeUser({ modules: [{ id: 1, name: 'Equipamentos', slug: 'equipment' }] });
    expect(navigationFor(user).find((i) => i.label === 'Equipamentos')?.to).toBe('/admin/equipamentos/lista/1');
  });
});

describe('isNavItemActive', () => {
  const customers = navigationFor(makeUser()).find((i) => i.label === 'Clientes')!;
  it.each([
    ['/admin/clientes/lista/3', true],
    ['/admin/clientes/12', true],
    ['/admin/clientes', true],
    ['/admin/clientesx', false],
    ['/admin/overview', false],
  ])('%s → %s', (path, active) => {
    expect(isNavItemActive(customers, path)).toBe(active);
  });
});
