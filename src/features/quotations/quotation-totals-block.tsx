/**
 * Subtotal, discount (percentage, capped at 100 as typed, or value; its
 * message shown as it is typed: not a number, negative, above the
 * subtotal), total,
 * payment condition, instalments (at least 1), instalment value, seller and
 * payment info (spec: Quotations form; sections 4, 5 and 9). Every figure
 * comes from src/domain/quotation-totals.ts through `formTotals`.
 *
 * The payment conditions are the read-only `payment_types` list kept on
 * the device (GET api/quotation/payment-type). The seller field is the
 * page's (quotation-seller-field.tsx), placed here.
 */
import type { ReactNode } from 'react';
import { Grid, NativeSelect, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatBRL } from '@/domain/money';
import type { QuotationTotals } from '@/domain/quotation-totals';
import { discountMessage } from './quotation-discount';
import { capDiscount, type QuotationFormValues } from './quotation-form-values';
import { lookupOptions, useLookupList } from './quotation-lookups';

export const TOTALS_TEXTS = {
  subtotal: 'Subtotal',
  discount: 'Desconto',
  discountType: 'Tipo de desconto',
  pct: '%',
  value: 'R$',
  total: 'Total',
  payment: 'Condição de pagamento',
  paymentNone: 'Selecione',
  parcel: 'Parcelas',
  parcelValue: 'Valor da parcela',
  paymentInfo: 'Informações de pagamento',
} as const;

const TOUCH = { input: { minHeight: 44 } } as const;

export interface QuotationTotalsBlockProps {
  values: QuotationFormValues;
  totals: QuotationTotals;
  errors: Record<string, string | undefined>;
  /** The 'Vendedor' field. */
  seller: ReactNode;
  onChange: (patch: Partial<QuotationFormValues>, field: string) => void;
}

function Figure({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {formatBRL(cents)}
      </Text>
    </Stack>
  );
}

export function QuotationTotalsBlock({ values, totals, errors, seller, onChange }: QuotationTotalsBlockProps) {
  const paymentTypes = useLookupList('payment_types');
  return (
    <Grid gap="md" align="flex-end">
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Figure label={TOTALS_TEXTS.subtotal} cents={totals.subtotalCents} testId="quotation-subtotal" />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Stack gap={4}>
          <SegmentedControl
            aria-label={TOTALS_TEXTS.discountType}
            value={values.discount_type}
            onChange={(type) =>
              onChange({ discount_type: type as 'pct' | 'value', discount: capDiscount(values.discount, type as 'pct' | 'value') }, 'discount')
            }
            data={[
              { value: 'pct', label: TOTALS_TEXTS.pct },
              { value: 'value', label: TOTALS_TEXTS.value },
            ]}
          />
          <TextInput
            label={TOTALS_TEXTS.discount}
            name="discount"
            inputMode="decimal"
            value={values.discount}
            onChange={(event) => onChange({ discount: capDiscount(event.currentTarget.value, values.discount_type) }, 'discount')}
            // The message shows as the discount is typed, not only at Salvar (quotation-discount.ts).
            error={errors.discount ?? discountMessage(values.discount, values.discount_type, totals.subtotalCents)}
            styles={TOUCH}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Figure label={TOTALS_TEXTS.total} cents={totals.totalCents} testId="quotation-total" />
        {errors.total ? (
          <Text c="red" size="sm">
            {errors.total}
          </Text>
        ) : null}
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Figure label={TOTALS_TEXTS.parcelValue} cents={totals.instalmentCents} testId="quotation-parcel-value" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <NativeSelect
          label={TOTALS_TEXTS.payment}
          name="payment_id"
          value={values.payment_id}
          onChange={(event) => onChange({ payment_id: event.currentTarget.value }, 'payment_id')}
          error={errors.payment_id}
          data={[{ value: '', label: TOTALS_TEXTS.paymentNone }, ...lookupOptions(paymentTypes, values.payment_id)]}
          styles={TOUCH}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 4 }}>
        <TextInput
          label={TOTALS_TEXTS.parcel}
          name="parcel"
          inputMode="numeric"
          value={values.parcel}
          onChange={(event) => onChange({ parcel: event.currentTarget.value }, 'parcel')}
          error={errors.parcel}
          styles={TOUCH}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 4 }}>{seller}</Grid.Col>
      <Grid.Col span={12}>
        <Textarea
          label={TOTALS_TEXTS.paymentInfo}
          name="payment_info"
          rows={2}
          value={values.payment_info}
          onChange={(event) => onChange({ payment_info: event.currentTarget.value }, 'payment_info')}
        />
      </Grid.Col>
    </Grid>
  );
}
