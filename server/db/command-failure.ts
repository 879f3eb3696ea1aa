/**
 * What a command that opens the database prints when it fails (the server's
 * start, `npm run seed:demo`, the browser tests' seed): one clear message in
 * Portuguese for the operator, never a stack. The technical detail (stack,
 * SQL, the driver's error) is printed only with LOG_LEVEL=debug or trace.
 * LOG_LEVEL is read here rather than from the configuration because the
 * configuration itself may be what failed.
 */
import { inspect } from 'node:util';
import { ConfigError } from '../config';
import { DataFolderInUseError } from './data-folder-lock';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);

export const DETAILS_HINT = 'Para ver os detalhes técnicos, rode de novo com LOG_LEVEL=debug.';

/** The operator's message for a failure; `technical` when a developer may want the detail behind it. */
export function describeFailure(error: unknown): { message: string; technical: boolean } {
  if (error instanceof DataFolderInUseError || error instanceof ConfigError) return { message: error.message, technical: false };
  const code = errorCode(error);
  const detail = innermostMessage(error);
  if (code && CONNECTION_CODES.has(code)) {
    return {
      message: `Não foi possível conectar ao PostgreSQL de DATABASE_URL (${detail}). Verifique se ele está no ar e se o endereço está certo.`,
      technical: true,
    };
  }
  if (code === '28P01' || code === '28000')
    return { message: `O PostgreSQL recusou o usuário ou a senha de DATABASE_URL (${detail}).`, technical: true };
  if (code === '3D000') return { message: `O banco de dados de DATABASE_URL não existe (${detail}). Crie-o antes (createdb).`, technical: true };
  if (code && /^[0-9A-Z]{5}$/.test(code)) return { message: `O banco de dados recusou uma operação: ${detail} (código ${code}).`, technical: true };
  return { message: detail, technical: true };
}

/** Prints `what` and the message on stderr; the whole error only when LOG_LEVEL asks for it. */
export function reportCommandFailure(what: string, error: unknown, logLevel = process.env.LOG_LEVEL): void {
  const { message, technical } = describeFailure(error);
  console.error(`${what}\n${message}`);
  if (!technical) return;
  if (logLevel === 'debug' || logLevel === 'trace') console.error(inspect(error, { depth: 6 }));
  else console.error(DETAILS_HINT);
}

/** The first error code along the cause chain (a SQLSTATE of five characters, or Node's E…): Drizzle wraps the driver's error, Node's connect wraps one per address. */
function errorCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
  }
  return undefined;
}

/** The driver's own words, not Drizzle's "Failed query: <sql>" around them. */
function innermostMessage(error: unknown): string {
  const messages = causes(error)
    .map((e) => (e instanceof Error ? e.message : String(e)))
    .filter((m) => m.trim() !== '');
  return messages.at(-1) ?? 'erro desconhecido';
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 8) {
    chain.push(current);
    if (current instanceof AggregateError && current.errors.length > 0) current = current.errors[0];
    else current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}
