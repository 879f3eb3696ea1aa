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
 *
 * Memoised, it follows the lines' figures, the discount, the instalments
 * and the payment fields itself (use-quotation-form.ts): a key in a line's
 * quantity or value re-renders this block and that line, not the page; a
 * key in its sector, only the line.
 */
import { memo, type ReactNode, useCallback, useReducer, useRef } from 'react';
import { Grid, NativeSelect, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatBRL } from '@/domain/money';
import { discountMessage } from './quotation-discount';
import { capDiscount, formTotals, type QuotationFormValues } from './quotation-form-values';
import { lookupOptions, useLookupList } from './quotation-lookups';
import type { QuotationFormApi } from './use-quotation-form';

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
  api: QuotationFormApi;
  /** Salvar's messages of this block's fields ('discount', 'total', 'payment_id', 'parcel'). */
  discountError?: string;
  totalError?: string;
  paymentError?: string;
  parcelError?: string;
  /** The 'Vendedor' field. */
  seller: ReactNode;
}

/** What the totals take from a list's lines: each one's unit value and quantity (not its sector or description). */
function figuresOf(lines: ReadonlyArray<{ value: string; quantity: string }>): string {
  return lines.map((line) => `${line.value}\u0000${line.quantity}`).join('\u0001');
}

/** Re-renders the block when a list's figures change: a key in a line's sector or description does not. */
function useLineFigures(api: QuotationFormApi, list: 'rows' | 'services' | 'costs'): void {
  const figures = figuresOf(api.values()[list]);
  const shown = useRef(figures);
  shown.current = figures;
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const listener = useCallback(({ value }: { value: unknown }) => {
    if (Array.isArray(value) && figuresOf(value) !== shown.current) rerender();
  }, []);
  api.useWatch(list, listener);
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

export const QuotationTotalsBlock = memo(function QuotationTotalsBlock({
  api,
  discountError,
  totalError,
  paymentError,
  parcelError,
  seller,
}: QuotationTotalsBlockProps) {
  const paymentTypes = useLookupList('payment_types');
  useLineFigures(api, 'rows');
  useLineFigures(api, 'services');
  useLineFigures(api, 'costs');
  const values: Pick<QuotationFormValues, 'discount' | 'discount_type' | 'parcel' | 'payment_id' | 'payment_info'> = {
    discount: api.useValue('discount'),
    discount_type: api.useValue('discount_type'),
    parcel: api.useValue('parcel'),
    payment_id: api.useValue('payment_id'),
    payment_info: api.useValue('payment_info'),
  };
  const totals = formTotals({ ...api.values(), ...values });
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
            onChange={(type) => {
              api.set('discount_type', type, 'discount');
              api.set('discount', capDiscount(values.discount, type as 'pct' | 'value'));
            }}
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
            onChange={(event) => api.set('discount', capDiscount(event.currentTarget.value, values.discount_type))}
            // The message shows as the discount is typed, not only at Salvar (quotation-discount.ts).
            error={discountError ?? discountMessage(values.discount, values.discount_type, totals.subtotalCents)}
            styles={TOUCH}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Figure label={TOTALS_TEXTS.total} cents={totals.totalCents} testId="quotation-total" />
        {totalError ? (
          <Text c="red" size="sm">
            {totalError}
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
          onChange={(event) => api.set('payment_id', event.currentTarget.value)}
          error={paymentError}
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
          onChange={(event) => api.set('parcel', event.currentTarget.value)}
          error={parcelError}
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
          onChange={(event) => api.set('payment_info', event.currentTarget.value)}
        />
      </Grid.Col>
    </Grid>
  );
});
