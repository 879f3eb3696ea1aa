/**
 * Which admin screens each kind of user may open: a table of user kind ×
 * module (the seeded departments' modules, server/db/seed/reference-data.ts)
 * → allowed or blocked, and the paths mapped to their module.
 */
import { describe, expect, it } from 'vitest';
import { decideModuleAccess, moduleOfPath } from '@/app/guard/module-access';
import { navigationFor } from '@/app/navigation/admin-navigation';
import type { ModuleSlug } from '@sync/contract/modules';
import type { CurrentUser } from '@sync/contract/user';
import { makeAdmin, makeUser } from '../session/user-factory';

const withModules = (roleSlug: string, slugs: ModuleSlug[]): CurrentUser =>
  makeUser({ modules: slugs.map((slug, i) => ({ id: i + 1, name: slug, slug })) }, roleSlug);

const USERS: Record<string, CurrentUser> = {
  admin: makeAdmin(),
  office: withModules('administrativo', [
    'dashboard',
    'customers',
    'quotations',
    'samples',
    'products',
    'services',
    'costs',
    'equipment',
    'users',
    'settings',
  ]),
  technician: withModules('tecnico-de-campo', ['dashboard', 'customers', 'quotations', 'samples', 'products', 'equipment']),
  customer: withModules('cliente', ['dashboard', 'customers', 'samples']),
  none: withModules('sem-modulos', []),
};

/** One path per area (list, new, record) and the screens outside any module. */
const PATHS: Record<string, string> = {
  overview: '/admin/overview',
  sync: '/admin/sincronizacao',
  profile: '/admin/perfil',
  customers: '/admin/clientes/lista/1',
  quotations: '/admin/orcamentos/novo',
  samples: '/admin/amostra/12',
  products: '/admin/agentes/7',
  services: '/admin/servicos/lista/2',
  costs: '/admin/custos/novo',
  equipment: '/admin/equipamentos/3',
  users: '/admin/usuarios/novo',
  settings: '/admin/settings',
};

const Y = 'allowed';
const N = 'blocked';
// prettier-ignore
const TABLE: Array<[string, Record<keyof typeof PATHS, typeof Y | typeof N>]> = [
  [
    'admin',
    {
      overview: Y,
      sync: Y,
      profile: Y,
      customers: Y,
      quotations: Y,
      samples: Y,
      products: Y,
      services: Y,
      costs: Y,
      equipment: Y,
      users: Y,
      settings: Y,
    },
  ],
  [
    'office',
    {
      overview: Y,
      sync: Y,
      profile: Y,
      customers: Y,
      quotations: Y,
      samples: Y,
      products: Y,
      services: Y,
      costs: Y,
      equipment: Y,
      users: Y,
      settings: Y,
    },
  ],
  [
    'technician',
    {
      overview: Y,
      sync: Y,
      profile: Y,
      customers: Y,
      quotations: Y,
      samples: Y,
      products: Y,
      services: N,
      costs: N,
      equipment: Y,
      users: N,
      settings: N,
    },
  ],
  [
    'customer',
    {
      overview: Y,
      sync: Y,
      profile: Y,
      customers: Y,
      quotations: N,
      samples: Y,
      products: N,
      services: N,
      costs: N,
      equipment: N,
      users: N,
      settings: N,
    },
  ],
  [
    'none',
    {
      overview: Y,
      sync: Y,
      profile: Y,
      customers: N,
      quotations: N,
      samples: N,
      products: N,
      services: N,
      costs: N,
      equipment: N,
      users: N,
      settings: N,
    },
  ],
];

describe('decideModuleAccess', () => {
  for (const [kind, row] of TABLE) {
    it.each(Object.entries(row))(`${kind} × %s → %s`, (area, expected) => {
      const decision = decideModuleAccess(USERS[kind]!, PATHS[area]!);
      expect(decision.allowed ? Y : N).toBe(expected);
      if (!decision.allowed) expect(decision.module).toBe(area);
    });
  }

  it('agrees with the menu: a user reaches by URL exactly the areas the menu lists', () => {
    for (const user of Object.values(USERS)) {
      for (const item of navigationFor(user)) expect(decideModuleAccess(user, item.to).allowed).toBe(true);
      const listed = new Set(navigationFor(user).map((item) => item.module));
      for (const path of Object.values(PATHS)) {
        const module = moduleOfPath(path);
        if (module !== null) expect(decideModuleAccess(user, path).allowed).toBe(listed.has(module));
      }
    }
  });
});

describe('moduleOfPath', () => {
  it.each([
    ['/admin/custos/novo', 'costs'],
    ['/admin/custos/novo/', 'costs'],
    ['/admin/custos', 'costs'],
    ['/admin/custosx', null],
    ['/admin/agentes/lista/1', 'products'],
    ['/admin/amostra/lista/4/2', 'samples'],
    ['/admin/settings', 'settings'],
    ['/admin/overview', null],
    ['/admin/sincronizacao', null],
    ['/admin/perfil', null],
    ['/admin', null],
  ])('%s → %s', (path, module) => {
    expect(moduleOfPath(path)).toBe(module);
  });
});
