/**
 * The import boundaries of docs/engineering.md as a table: which folder may
 * import what. Paths are relative to the repository root and already
 * resolved (relative imports and the `@/`, `@sync/`, `@server/` aliases
 * alike), so a rule cannot be dodged by spelling an import another way.
 * Shared code flows one way: domain and ui → entities → features →
 * routes/app; `sync` and `server` only reach into `src` for the pure parts.
 */

export interface Boundary {
  /** Files the rule applies to; a capture group names the file's own unit (its feature). */
  from: RegExp;
  /** The import breaks the rule: `own` is the first capture of `from`, when there is one. */
  forbids: (target: string, own: string | undefined) => boolean;
  /** Packages: 'any' (the default), or only these, each as a value or as `import type` only. */
  packages?: { values: readonly string[]; types: readonly string[] };
  /** Said next to each violation. */
  rule: string;
}

const under = (target: string, ...folders: string[]) => folders.some((folder) => target.startsWith(folder));
const outside = (target: string, ...folders: string[]) => !under(target, ...folders);

export const BOUNDARIES: readonly Boundary[] = [
  {
    from: /^src\/features\/([^/]+)\//,
    forbids: (target, own) => (under(target, 'src/features/') && !under(target, `src/features/${own}/`)) || under(target, 'src/routes/', 'src/app/'),
    rule: 'a feature imports no other feature, and no routes or app (they compose features)',
  },
  {
    from: /^src\/entities\//,
    forbids: (target) => under(target, 'src/features/', 'src/routes/', 'src/app/'),
    rule: 'src/entities (record UI shared by features) imports no feature, routes or app',
  },
  {
    from: /^src\/ui\//,
    forbids: (target) => under(target, 'src/features/', 'src/entities/', 'src/routes/', 'src/app/'),
    rule: 'src/ui imports no feature, entity, routes or app',
  },
  {
    from: /^src\/(?:features|entities|ui|routes\/admin)\//,
    forbids: (target) =>
      under(target, 'sync/') && !['sync/contract', 'sync/react'].some((folder) => target === folder || under(target, `${folder}/`)),
    rule: 'screens reach sync through its public face, sync/react (hooks, record types, the few calls a screen makes), and the shared contract; never the store, engine, HTTP or session modules',
  },
  {
    from: /^src\/domain\//,
    forbids: (target) => outside(target, 'src/domain/'),
    packages: { values: [], types: [] },
    rule: 'src/domain imports nothing outside it (no packages either: pure calculations)',
  },
  {
    from: /^src\/pdf\//,
    forbids: (target) => outside(target, 'src/pdf/', 'src/domain/', 'sync/contract/'),
    packages: { values: [], types: ['pdfmake'] },
    rule: 'src/pdf (document templates for the browser and the server) imports only src/pdf, src/domain, sync/contract and pdfmake types',
  },
  {
    from: /^sync\//,
    forbids: (target) => (under(target, 'src/') && outside(target, 'src/domain/')) || under(target, 'server/'),
    rule: 'sync imports nothing from src but src/domain, and nothing from server',
  },
  {
    from: /^server\//,
    forbids: (target) => outside(target, 'server/', 'src/domain/', 'src/pdf/', 'sync/contract/'),
    rule: 'the server imports only src/domain, src/pdf and sync/contract from outside server/',
  },
];
