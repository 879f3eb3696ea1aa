/**
 * Under the sample page's header: why the sample reads as it does. A
 * returned, cancelled or replaced sample shows its reason prominently (the
 * technician reads a Devolver's reason offline: it comes with the sample);
 * a revision after the first links to the one it replaces, a replaced one
 * to its successor (the header names the revision); a sample this user may not edit now says so and why,
 * and a reviewer editing in review is told each change is logged.
 */
import { memo } from 'react';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SAMPLE_REVIEW_MESSAGES, SAMPLE_STATE_LABELS } from '@sync/contract/samples';
import type { LocalSample } from '@sync/react';
import { SAMPLE_ROUTES } from '@/entities/sample';
import type { ReviewView } from './review-view';
import { REVIEW_TEXTS } from './review-texts';

const T = REVIEW_TEXTS;

type Reasoned = keyof typeof T.reasonTitleOf;
const REASONED = new Set<string>(Object.keys(T.reasonTitleOf));

function readOnlyText(view: Pick<ReviewView, 'state' | 'scope'>, writer: boolean): string | null {
  if (!writer) return null;
  if (view.scope === 'lab') return SAMPLE_REVIEW_MESSAGES.labFieldsOnly;
  if (view.scope === 'reviewer') return T.readOnly.reviewer;
  if (view.scope === 'any') return null;
  if (view.state === 'finalizada') return T.readOnly.finalizada;
  if (view.state === 'em_revisao') return T.readOnly.em_revisao;
  // Returned, cancelled, replaced: the reason's notice says it.
  if (REASONED.has(view.state)) return null;
  return T.readOnly.closed(SAMPLE_STATE_LABELS[view.state]);
}

export interface SampleStateNoticeProps {
  sample: Pick<LocalSample, 'revision' | 'replaces_id' | 'replaced_by_id' | 'status_reason'>;
  view: Pick<ReviewView, 'state' | 'scope'>;
  /** The user may write samples (not customer-type): the read-only notice is for them. */
  writer: boolean;
}

export const SampleStateNotice = memo(function SampleStateNotice({ sample, view, writer }: SampleStateNoticeProps) {
  const revision = sample.revision ?? 1;
  const readOnly = readOnlyText(view, writer);
  const reasonTitle = REASONED.has(view.state) ? T.reasonTitleOf[view.state as Reasoned] : null;
  return (
    <>
      {(sample.replaces_id !== null && revision > 1) || sample.replaced_by_id !== null ? (
        <Group gap="md" data-testid="sample-revisions">
          {sample.replaces_id !== null && revision > 1 ? (
            <Anchor
              mih={44}
              display="inline-flex"
              style={{ alignItems: 'center' }}
              renderRoot={(props) => <Link {...props} {...SAMPLE_ROUTES.sample(String(sample.replaces_id))} />}
            >
              {T.previousRevision(revision - 1)}
            </Anchor>
          ) : null}
          {sample.replaced_by_id !== null ? (
            <Anchor
              mih={44}
              display="inline-flex"
              style={{ alignItems: 'center' }}
              renderRoot={(props) => <Link {...props} {...SAMPLE_ROUTES.sample(String(sample.replaced_by_id))} />}
            >
              {T.nextRevision(revision + 1)}
            </Anchor>
          ) : null}
        </Group>
      ) : null}
      {reasonTitle ? (
        <Alert color={view.state === 'devolvida' ? 'orange' : 'red'} variant="filled" title={reasonTitle} data-testid="sample-status-reason">
          {sample.status_reason ? <Text size="md">{sample.status_reason}</Text> : null}
        </Alert>
      ) : null}
      {readOnly ? (
        <Alert color={view.scope === 'reviewer' ? 'blue' : 'gray'} variant="light" data-testid="sample-read-only">
          <Text size="sm">{readOnly}</Text>
        </Alert>
      ) : null}
    </>
  );
});
