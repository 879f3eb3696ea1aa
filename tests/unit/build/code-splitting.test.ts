/**
 * The build's code-splitting plan (scripts/build/code-splitting.ts): which
 * modules the two groups take, and the check that stops a build whose login
 * page would load a group's file.
 */
import { describe, expect, it } from 'vitest';
import { codeSplittingPlan, groupFilesOnLoginPage } from '../../../scripts/build/code-splitting';

const groupOf = (id: string) => codeSplittingPlan().codeSplitting.groups.find((group) => group.test(id))?.name ?? null;

describe('the groups', () => {
  it.each([
    { id: '/app/sync/engine/pull.ts', group: 'sync-engine' },
    { id: '/app/sync/store/database.ts', group: 'sync-engine' },
    { id: '/app/sync/contract/samples/noise.ts', group: 'sync-engine' },
    { id: '/app/sync/react/use-live.ts', group: 'sync-engine' },
    { id: '/app/node_modules/dexie/dist/modern/dexie.mjs', group: 'sync-engine' },
    { id: '/app/node_modules/zod/v4/classic/schemas.js', group: 'sync-engine' },
    { id: '/app/src/domain/noise.ts', group: 'domain' },
    // What the login page uses itself stays out.
    { id: '/app/sync/contract/auth-texts.ts', group: null },
    { id: '/app/sync/contract/modules.ts', group: null },
    { id: '/app/sync/react/context.tsx', group: null },
    // The session and the HTTP client are the login page's.
    { id: '/app/sync/session/session.ts', group: null },
    { id: '/app/sync/http/api-client.ts', group: null },
    { id: '/app/src/features/overview/stat-card.tsx', group: null },
    { id: '/app/node_modules/@mantine/core/esm/components/Modal/Modal.mjs', group: null },
  ])('$id → $group', ({ id, group }) => {
    expect(groupOf(id)).toBe(group);
  });
});

describe('groupFilesOnLoginPage', () => {
  const chunk = (name: string, imports: string[], extra: { isEntry?: boolean; facadeModuleId?: string } = {}) => ({
    type: 'chunk' as const,
    name,
    imports,
    ...extra,
  });
  const login = '/app/src/routes/public/login.tsx?tsr-split=component';

  it.each([
    {
      case: 'the engine loaded only after the sign-in',
      bundle: {
        'index.js': chunk('index', ['box.js'], { isEntry: true }),
        'login.js': chunk('login', ['box.js'], { facadeModuleId: login }),
        'box.js': chunk('box', []),
        'user-sync.js': chunk('user-sync', ['sync-engine.js']),
        'sync-engine.js': chunk('sync-engine', ['domain.js']),
        'domain.js': chunk('domain', []),
      },
      found: [],
    },
    {
      case: 'the login page importing the engine through a shared file',
      bundle: {
        'index.js': chunk('index', [], { isEntry: true }),
        'login.js': chunk('login', ['shared.js'], { facadeModuleId: login }),
        'shared.js': chunk('shared', ['sync-engine.js']),
        'sync-engine.js': chunk('sync-engine', ['domain.js']),
        'domain.js': chunk('domain', []),
      },
      found: ['domain.js', 'sync-engine.js'],
    },
    {
      case: 'the entry importing the domain',
      bundle: { 'index.js': chunk('index', ['domain.js'], { isEntry: true }), 'domain.js': chunk('domain', []) },
      found: ['domain.js'],
    },
  ] as Array<{ case: string; bundle: Record<string, ReturnType<typeof chunk>>; found: string[] }>)('$case', ({ bundle, found }) => {
    expect(groupFilesOnLoginPage(bundle).sort()).toEqual(found);
  });
});
