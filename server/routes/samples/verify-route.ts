/**
 * `GET api/sample/verify/{code}` (issue 28): public (no token), for whoever
 * holds a printed report; rate-limited per address (verify-limit.ts). It
 * reveals only the verdict, the sample's number, the approver's name and
 * the approval's date (sampleVerifyResponseSchema); an unknown code is 404
 * 'Código de verificação não encontrado.'.
 *
 * The verdict rebuilds the approved document from what is stored now: the
 * sample part from the current row and the current bytes of its photos, the
 * rest (instruments, thresholds, engine version, approver, time) from the
 * frozen content. 'confere' needs both the rebuilt document and the frozen
 * one to hash to the stored hash (a changed row, file or frozen text all
 * fail it); 'substituída' is the same match on a sample invalidated since;
 * anything else is 'não confere'.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SAMPLE_REVIEW_MESSAGES, sampleVerifyResponseSchema, type SampleVerifyResponse } from '@sync/contract/samples';
import type { AppContext, ZodApp } from '@server/app-context';
import { access } from '@server/auth/access';
import { addressKey } from '@server/auth/address-key';
import { waitText } from '@server/auth/rate-limit';
import { sampleApprovals, samples } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import { notFound, tooManyRequests } from '@server/http/errors';
import { canonicalJson } from '@server/sync/idempotency-plugin';
import { sampleContent } from './approval-content';
import { readCode } from './verification-code';

export function tooManyVerificationsMessage(retryAfterSeconds: number): string {
  return `Muitas verificações a partir deste endereço. Tente novamente em ${waitText(retryAfterSeconds)}.`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The frozen document when its text still hashes to the stored hash (and reads as JSON), else null. */
function frozenDocument(content: string, hash: string): Record<string, unknown> | null {
  if (sha256(content) !== hash) return null;
  try {
    const parsed: unknown = JSON.parse(content);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function takeTurn(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const address = addressKey(request.ip);
  const check = await ctx.limits.sampleVerify.check(address);
  if (check.blocked) throw tooManyRequests(tooManyVerificationsMessage(check.retryAfterSeconds), check.retryAfterSeconds);
  await ctx.limits.sampleVerify.record(address);
}

export function registerSampleVerify(app: ZodApp, ctx: AppContext, storage: FileStore) {
  app.get(
    '/api/sample/verify/:code',
    {
      config: { access: access.public() },
      schema: { params: z.object({ code: z.string().max(64) }), response: { 200: sampleVerifyResponseSchema } },
    },
    async (request, reply): Promise<SampleVerifyResponse> => {
      await takeTurn(ctx, request);
      reply.header('cache-control', 'no-store');
      const code = readCode(request.params.code);
      const [found] = code
        ? await ctx.db
            .select({ approval: sampleApprovals, sample: samples })
            .from(sampleApprovals)
            .innerJoin(samples, eq(samples.id, sampleApprovals.sample_id))
            .where(eq(sampleApprovals.code, code))
        : [];
      if (!found) throw notFound(SAMPLE_REVIEW_MESSAGES.verifyNotFound);
      const { approval, sample } = found;
      const frozen = frozenDocument(approval.content, approval.hash);
      const matches = frozen !== null && sha256(canonicalJson({ ...frozen, sample: await sampleContent(ctx.db, sample, storage) })) === approval.hash;
      const replaced = approval.invalidated_at !== null || sample.status === 'substituida';
      return {
        verdict: !matches ? 'não confere' : replaced ? 'substituída' : 'confere',
        sample_no: sample.sample_no,
        approver_name: approval.approver_name,
        approved_at: approval.approved_at.toISOString(),
      };
    },
  );
}
