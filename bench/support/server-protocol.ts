/** What the benchmark's server process and its controller share: the administrator and the IPC commands. */

export const BENCH_ADMIN = { username: 'admin', password: 'bench-admin-password-1', email: 'admin@bench.example.com' };

export type ServerCommand = { id: number; cmd: 'reset' } | { id: number; cmd: 'seed-agents'; count: number; tag: string };
