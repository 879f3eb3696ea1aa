/**
 * 'Início dos serviços', 'Prazo de entrega (dias)' and the 'Data de entrega'
 * they give (spec section 4: start date plus duration_time days), shown as
 * they are typed, from the domain's formula (quotation-delivery.ts). Memoised:
 * typing in a line table does not re-render it.
 */
import { memo } from 'react';
import { Grid, Stack, Text, TextInput } from '@mantine/core';
import { formatDateBR } from '@/domain/dates';
import { DateInputBR } from '@/ui/inputs';
import { shownDeliveryDate, type DeliveryValues } from './quotation-delivery';

export const DELIVERY_TEXTS = {
  start: 'Início dos serviços',
  duration: 'Prazo de entrega (dias)',
  delivery: 'Data de entrega',
  none: '—',
} as const;

const TOUCH = { input: { minHeight: 44 } } as const;

export interface QuotationDeliveryFieldsProps extends DeliveryValues {
  errors: { start_date?: string; duration_time?: string };
  onChange: (patch: Partial<DeliveryValues>, field: keyof DeliveryValues) => void;
}

export const QuotationDeliveryFields = memo(function QuotationDeliveryFields({
  start_date,
  duration_time,
  errors,
  onChange,
}: QuotationDeliveryFieldsProps) {
  const delivery = shownDeliveryDate({ start_date, duration_time });
  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 6, md: 4 }}>
        <DateInputBR
          label={DELIVERY_TEXTS.start}
          name="start_date"
          value={start_date}
          onChange={(text) => onChange({ start_date: text }, 'start_date')}
          error={errors.start_date}
          styles={TOUCH}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 4 }}>
        <TextInput
          label={DELIVERY_TEXTS.duration}
          name="duration_time"
          inputMode="numeric"
          value={duration_time}
          onChange={(event) => onChange({ duration_time: event.currentTarget.value }, 'duration_time')}
          error={errors.duration_time}
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
