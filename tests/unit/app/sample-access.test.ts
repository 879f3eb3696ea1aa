/**
 * What a user may do with samples from the quotation page ('Amostra',
 * 'Ver amostras'): a table of user kind → none, read or write, from the
 * same modules the menu and the module gate use.
 */
import { describe, expect, it } from 'vitest';
import { sampleAccessOf } from '@/app/guard/module-access';
import type { ModuleSlug } from '@sync/contract/modules';
import type { CurrentUser } from '@sync/contract/user';
import { makeAdmin, makeUser } from '../session/user-factory';

const withModules = (roleSlug: string, slugs: ModuleSlug[]): CurrentUser =>
  makeUser({ modules: slugs.map((slug, i) => ({ id: i + 1, name: slug, slug })) }, roleSlug);

describe('sampleAccessOf', () => {
  it.each([
    ['an administrator (every module)', makeAdmin(), 'write'],
    ['a technician with quotations and samples', withModules('tecnico-de-campo', ['quotations', 'samples']), 'write'],
    ['a seller with quotations but not samples', withModules('comercial', ['dashboard', 'customers', 'quotations']), 'none'],
    ['a customer-type user with samples', withModules('cliente', ['dashboard', 'samples']), 'read'],
    ['a customer-type user without samples', withModules('cliente', ['dashboard']), 'none'],
    ['nobody signed in', null, 'none'],
  ] as const)('%s → %s', (_, user, access) => {
    expect(sampleAccessOf(user)).toBe(access);
  });
});
