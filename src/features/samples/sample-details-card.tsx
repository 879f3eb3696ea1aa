/**
 * The sample page's 'Dados cadastrais' card (spec samples.md section 2):
 * the company (read-only), the plan's creation date, a toggle that shows or
 * hides the customer's details, and the Agente heading (the agent and the
 * sample's type and number).
 */
import { memo, useState } from 'react';
import { Anchor, Card, Grid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Link, linkOptions } from '@tanstack/react-router';
import type { LocalSample } from '@sync/store/registry';
import { sampleCreatedAt, sampleTypeName } from './sample-list-logic';
import { SAMPLE_TEXTS } from './sample-texts';

const customerRoute = (customerId: string) => linkOptions({ to: '/admin/clientes/$customerId', params: { customerId } });

/** Memoised: it reads the record only, which typing does not change. */
export const SampleDetailsCard = memo(function SampleDetailsCard({ sample }: { sample: LocalSample }) {
  const [showCustomer, setShowCustomer] = useState(false);
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
