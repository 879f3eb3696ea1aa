/**
 * Fewer files after the sign-in (issue 26, docs/decisions/code-splitting.md).
 * Left to itself the bundler cut the code
 * the app loads after a sign-in into some 88 files, most under 2 kB. Over
 * HTTP/1.1 a browser opens six connections to a host, so on a weak link
 * (400 ms round trip) those files queued for about 6 s, and every pull call
 * of the first sync waited in the same queue.
 *
 * Two groups each become one file: the sync engine with its store, contract
 * and hooks (with Dexie and zod), and the pure domain. Each group takes only
 * its own modules (`includeDependenciesRecursively: false`); what they use
 * stays where the bundler puts it, so no chunk imports another in a cycle.
 *
 * The login page must not grow. The few modules of these groups that it
 * uses itself stay out of them (LOGIN_PAGE_SHARES), and the plugin checks
 * every build: when the entry's or the login page's files import a group's
 * file, the build stops and names it, rather than let the login page load
 * the whole engine unnoticed.
 */
import type { Plugin } from 'vite';

/** The modules of each group. */
const GROUPS: ReadonlyArray<{ name: string; modules: RegExp }> = [
  {
    name: 'sync-engine',
    modules: /[\\/]sync[\\/](engine|store|contract|react)[\\/]|[\\/]node_modules[\\/](dexie|dexie-react-hooks|zod)[\\/]/,
  },
  { name: 'domain', modules: /[\\/]src[\\/]domain[\\/]/ },
];

/** Modules of the groups that the login page itself uses (what it loads is checked on every build). */
const LOGIN_PAGE_SHARES = /[\\/]sync[\\/](contract[\\/](auth-texts|modules)\.ts|react[\\/]context\.tsx)$/;

/** The login page's own lazily loaded code (TanStack Router's split route components). */
const LOGIN_PAGE_ROOTS = /[\\/]src[\\/]routes[\\/](public[\\/]login|public)\.tsx\?tsr-split=component$/;

interface BundleChunk {
  type: 'chunk' | 'asset';
  name?: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: readonly string[];
}

/** The groups' files that the entry or the login page would load (none is right). */
export function groupFilesOnLoginPage(bundle: Record<string, BundleChunk>): string[] {
  const groupNames = new Set(GROUPS.map((group) => group.name));
  const pending = Object.entries(bundle)
    .filter(([, chunk]) => chunk.type === 'chunk' && (chunk.isEntry || LOGIN_PAGE_ROOTS.test(chunk.facadeModuleId ?? '')))
    .map(([file]) => file);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...(bundle[file]?.imports ?? []));
  }
  return [...seen].filter((file) => groupNames.has(bundle[file]?.name ?? ''));
}

export interface CodeSplittingPlan {
  plugin: Plugin;
  /** `build.rolldownOptions.output.codeSplitting`. */
  codeSplitting: {
    includeDependenciesRecursively: false;
    groups: Array<{ name: string; test: (id: string) => boolean }>;
  };
}

export function codeSplittingPlan(): CodeSplittingPlan {
  return {
    plugin: {
      name: 'login-page-without-groups',
      apply: 'build',
      generateBundle(_options, bundle) {
        const loaded = groupFilesOnLoginPage(bundle as unknown as Record<string, BundleChunk>);
        if (loaded.length > 0)
          this.error(
            `code splitting: the login page would load ${loaded.join(', ')}; keep the module it needs out of the group (scripts/build/code-splitting.ts)`,
          );
      },
    },
    codeSplitting: {
      includeDependenciesRecursively: false,
      groups: GROUPS.map((group) => ({ name: group.name, test: (id: string) => group.modules.test(id) && !LOGIN_PAGE_SHARES.test(id) })),
    },
  };
}
