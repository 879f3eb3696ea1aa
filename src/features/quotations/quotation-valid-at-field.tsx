/** 'Validade' of the quotation (DD/MM/YYYY): memoised and following its field itself (use-quotation-form.ts). */
import { memo } from 'react';
import { DateInputBR } from '@/ui/inputs';
import type { QuotationFormApi } from './use-quotation-form';

export interface QuotationValidAtFieldProps {
  api: QuotationFormApi;
  label: string;
  error?: string;
}

export const QuotationValidAtField = memo(function QuotationValidAtField({ api, label, error }: QuotationValidAtFieldProps) {
  const value = api.useValue<string>('valid_at');
  return (
    <DateInputBR
      label={label}
      name="valid_at"
      value={value}
      onChange={(text) => api.set('valid_at', text)}
      error={error}
      styles={{ input: { minHeight: 44 } }}
    />
  );
});
