/**
 * /verificar/{code}: the public page a printed report's verification code
 * points to (issue 28). No sign-in, outside the admin area; it asks the
 * server whether the report with this code is what was approved and shows
 * the verdict in large text — 'Confere', 'Não confere' or 'Substituída' —
 * with the sample's number, the approver and the approval date, and
 * nothing else (the server answers nothing else). Small: no store, no sync,
 * no zod (verify-request.ts).
 */
import { useEffect, useState } from 'react';
import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { SampleVerifyResponse } from '@sync/contract/samples';
import { formatInstantTimeBR } from '@/domain/dates';
import { requestVerification, type VerifyOutcome } from './verify-request';

export const VERIFY_TEXTS = {
  title: 'Verificação de relatório de amostra',
  code: (code: string) => `Código: ${code}`,
  checking: 'Verificando…',
  verdicts: {
    confere: 'Confere',
    'não confere': 'Não confere',
    substituída: 'Substituída',
  } satisfies Record<SampleVerifyResponse['verdict'], string>,
  explanations: {
    confere: 'O relatório com este código corresponde ao que foi aprovado.',
    'não confere': 'Os dados desta amostra mudaram depois da aprovação: o relatório não corresponde ao que foi aprovado.',
    substituída: 'O relatório corresponde ao que foi aprovado, mas a aprovação foi invalidada e uma nova revisão da amostra a substitui.',
  } satisfies Record<SampleVerifyResponse['verdict'], string>,
  sampleNo: 'Amostra nº',
  approver: 'Aprovada por',
  approvedAt: 'Data da aprovação',
} as const;

const COLORS: Record<SampleVerifyResponse['verdict'], string> = { confere: 'green.8', 'não confere': 'red.8', substituída: 'orange.8' };

export interface VerifyPageProps {
  code: string;
  /** Where the API is (the app's own origin). */
  origin: string;
  fetcher?: typeof fetch;
}

export function VerifyPage({ code, origin, fetcher }: VerifyPageProps) {
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  useEffect(() => {
    let current = true;
    setOutcome(null);
    void requestVerification(code, origin, fetcher).then((next) => {
      if (current) setOutcome(next);
    });
    return () => {
      current = false;
    };
  }, [code, origin, fetcher]);
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={520}>
        <Stack gap="md" align="center" ta="center">
          <Title order={1} size="h3">
            {VERIFY_TEXTS.title}
          </Title>
          <Text c="dimmed">{VERIFY_TEXTS.code(code)}</Text>
          {outcome === null ? (
            <>
              <Loader />
              <Text>{VERIFY_TEXTS.checking}</Text>
            </>
          ) : outcome.kind === 'refused' ? (
            <Text size="lg" c="red.8" role="alert">
              {outcome.message}
            </Text>
          ) : (
            <Verdict answer={outcome.answer} />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

function Verdict({ answer }: { answer: SampleVerifyResponse }) {
  return (
    <Stack gap="sm" align="center">
      <Text fz={48} fw={800} lh={1.1} c={COLORS[answer.verdict]} data-testid="verify-verdict">
        {VERIFY_TEXTS.verdicts[answer.verdict]}
      </Text>
      <Text>{VERIFY_TEXTS.explanations[answer.verdict]}</Text>
      <Text>
        <b>{VERIFY_TEXTS.sampleNo}</b> {answer.sample_no}
      </Text>
      <Text>
        <b>{VERIFY_TEXTS.approver}:</b> {answer.approver_name}
      </Text>
      <Text>
        <b>{VERIFY_TEXTS.approvedAt}:</b> {formatInstantTimeBR(answer.approved_at)}
      </Text>
    </Stack>
  );
}
