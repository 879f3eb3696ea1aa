/**
 * The sample page's 'Dados cadastrais' card (spec samples.md section 2):
 * the company (read-only), the plan's creation date, a toggle that shows or
 * hides the customer's details, and the Agente heading (the agent and the
 * sample's type and number). The quotation is named by its number, as on
 * every sample screen ('Orçamento: 5/2026'; src/domain/quotation-number.ts):
 * its reference when this device has the quotation, else its id.
 */
import { memo, useState } from 'react';
import { Anchor, Card, Grid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Link, linkOptions } from '@tanstack/react-router';
import { useRouteRecord } from '@sync/react/use-route-record';
import type { LocalSample } from '@sync/react';
import { formatQuotationNumber } from '@/domain/quotation-number';
import { sampleCreatedAt, sampleTypeName } from './sample-list-logic';
import { SAMPLE_TEXTS } from './sample-texts';

const customerRoute = (customerId: string) => linkOptions({ to: '/admin/clientes/$customerId', params: { customerId } });

/** Memoised: it reads the record only, which typing does not change. */
export const SampleDetailsCard = memo(function SampleDetailsCard({ sample }: { sample: LocalSample }) {
  const [showCustomer, setShowCustomer] = useState(false);
  const quotation = useRouteRecord('quotations', sample.quotation_key ?? (sample.quotation_id !== null ? String(sample.quotation_id) : null));
  // Nothing while the device is looked up: the id alone would show for a moment before the reference.
  const quotationNumber = quotation.loading
    ? ''
    : formatQuotationNumber({ reference_no: quotation.record?.reference_no, id: quotation.record?.id ?? sample.quotation_id });
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Text fw={600} size="lg">
          {SAMPLE_TEXTS.card}
        </Text>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label={SAMPLE_TEXTS.company} value={sample.company_name ?? ''} readOnly styles={{ input: { minHeight: 44 } }} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={SAMPLE_TEXTS.planDate} value={sampleCreatedAt(sample)} readOnly styles={{ input: { minHeight: 44 } }} />
          </Grid.Col>
        </Grid>
        <Text data-testid="sample-quotation">
          <Text span fw={600}>
            {SAMPLE_TEXTS.quotation}:
          </Text>{' '}
          {quotationNumber}
        </Text>
        <Switch
          label={showCustomer ? SAMPLE_TEXTS.hideCustomer : SAMPLE_TEXTS.showCustomer}
          checked={showCustomer}
          onChange={(event) => setShowCustomer(event.currentTarget.checked)}
          size="md"
          styles={{ body: { minHeight: 44, alignItems: 'center' } }}
        />
        {showCustomer ? (
          <Stack gap={4} data-testid="sample-customer-details">
            {sample.customer_id !== null ? (
              <Anchor renderRoot={(props) => <Link {...props} {...customerRoute(String(sample.customer_id))} />}>{sample.company_name}</Anchor>
            ) : (
              <Text>{sample.company_name}</Text>
            )}
            <Text size="sm">
              {SAMPLE_TEXTS.city}: {sample.company_city ?? '—'}
            </Text>
          </Stack>
        ) : null}
        <Title order={4}>
          {SAMPLE_TEXTS.agent}: {sample.agent_name ?? '—'} · {sampleTypeName(sample.type_id)}
          {sample.sample_no ? ` · Nº ${sample.sample_no}` : ''}
        </Title>
      </Stack>
    </Card>
  );
});
