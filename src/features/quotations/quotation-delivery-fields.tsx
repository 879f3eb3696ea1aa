/**
 * 'Início dos serviços', 'Prazo de entrega (dias)' and the 'Data de entrega'
 * they give (spec section 4: start date plus duration_time days), shown as
 * they are typed, from the domain's formula (quotation-delivery.ts). Memoised
 * and following its two fields itself: typing in a line table does not
 * re-render it.
 */
import { memo } from 'react';
import { Grid, Stack, Text, TextInput } from '@mantine/core';
import { formatDateBR } from '@/domain/dates';
import { DateInputBR } from '@/ui/inputs';
import { shownDeliveryDate } from './quotation-delivery';
import type { QuotationFormApi } from './use-quotation-form';

export const DELIVERY_TEXTS = {
  start: 'Início dos serviços',
  duration: 'Prazo de entrega (dias)',
  delivery: 'Data de entrega',
  none: '—',
} as const;

const TOUCH = { input: { minHeight: 44 } } as const;

export interface QuotationDeliveryFieldsProps {
  api: QuotationFormApi;
  startError?: string;
  durationError?: string;
}

export const QuotationDeliveryFields = memo(function QuotationDeliveryFields({ api, startError, durationError }: QuotationDeliveryFieldsProps) {
  const start_date = api.useValue<string>('start_date');
  const duration_time = api.useValue<string>('duration_time');
  const delivery = shownDeliveryDate({ start_date, duration_time });
  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 6, md: 4 }}>
        <DateInputBR
          label={DELIVERY_TEXTS.start}
          name="start_date"
          value={start_date}
          onChange={(text) => api.set('start_date', text)}
          error={startError}
          styles={TOUCH}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 4 }}>
        <TextInput
          label={DELIVERY_TEXTS.duration}
          name="duration_time"
          inputMode="numeric"
          value={duration_time}
          onChange={(event) => api.set('duration_time', event.currentTarget.value)}
          error={durationError}
          styles={TOUCH}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {DELIVERY_TEXTS.delivery}
          </Text>
          <Text fw={600} mih={44} style={{ display: 'flex', alignItems: 'center' }} data-testid="quotation-delivery-date">
            {delivery ? formatDateBR(delivery) : DELIVERY_TEXTS.none}
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
});
