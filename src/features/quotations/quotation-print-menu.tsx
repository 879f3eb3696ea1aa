/**
 * Imprimir (spec: Quotations, action buttons): 'Orçamento' prints the
 * quotation; 'Garantia' opens the warranty modal (the period in days,
 * prefilled from the system variable `settings_warranty`, and the date the
 * report was delivered, which the period counts from: the quotation's
 * delivery date, else today) and prints the warranty certificate. Both are
 * rendered on the device from the local records with the one template of
 * src/pdf (the server renders the same for `GET api/pdf/quotation/{id}`),
 * so they print offline and show exactly what the user sees, unsent
 * changes included. The PDF code and fonts are loaded only here, on the
 * first print. Printing before the company's data is filled warns once
 * (src/entities/print/company-warning.ts).
 */
import { useState } from 'react';
import { Button, Group, Menu, Modal, NumberInput, Stack } from '@mantine/core';
import type { LocalQuotation } from '@sync/react';
import { alertDanger } from '@/ui/alerts';
import { DateInputBR, dateToText, parseDateText, todayIso } from '@/ui/inputs';
import { useQuotationPrintSources } from './quotation-print-sources';
import { openPendingTab, showPdf } from '@/entities/print/print-window';
import { warnIfCompanyDataMissing } from '@/entities/print/company-warning';
import type { PrintRequest } from './quotation-print-render';

export const PRINT_TEXTS = {
  print: 'Imprimir',
  quotation: 'Orçamento',
  warranty: 'Garantia',
  warrantyTitle: 'Imprimir garantia',
  warrantyDays: 'Prazo de garantia (dias)',
  warrantyDaysInvalid: 'Informe o prazo em dias (1 ou mais)',
  deliveredAt: 'Entrega do relatório',
  deliveredAtRequired: 'Informe a data de entrega do relatório',
  cancel: 'Cancelar',
  failed: 'Não foi possível gerar o PDF. Tente novamente.',
} as const;

const DEFAULT_WARRANTY_DAYS = 90;

export function QuotationPrintMenu({ quotation }: { quotation: LocalQuotation }) {
  const sources = useQuotationPrintSources(quotation);
  const [busy, setBusy] = useState(false);
  const [warrantyOpen, setWarrantyOpen] = useState(false);
  const settingDays = Number.parseInt(sources?.settings.find((option) => option.option === 'settings_warranty')?.value ?? '', 10);
  const [days, setDays] = useState<number | string>('');
  const chosenDays = typeof days === 'number' ? days : Number.isFinite(settingDays) && settingDays > 0 ? settingDays : DEFAULT_WARRANTY_DAYS;
  const [deliveredText, setDeliveredText] = useState('');

  const print = (request: PrintRequest) => {
    if (!sources) return;
    warnIfCompanyDataMissing(sources.settings);
    // The tab opens inside the click; the PDF follows once made.
    const tab = openPendingTab();
    if (!tab) return;
    setBusy(true);
    import('./quotation-print-render')
      .then(({ renderQuotationPdf }) => renderQuotationPdf(sources, request))
      .then((pdf) => showPdf(tab, pdf))
      .catch(() => {
        tab.close();
        alertDanger(PRINT_TEXTS.failed);
      })
      .finally(() => setBusy(false));
  };

  const openWarranty = () => {
    // The report's delivery: the quotation's delivery date when it has one, else today.
    setDeliveredText(dateToText(quotation.delivery_date ?? todayIso()));
    setWarrantyOpen(true);
  };

  const daysValid = Number.isInteger(chosenDays) && chosenDays >= 1 && chosenDays <= 36_500;
  const delivered = parseDateText(deliveredText);
  const deliveredError = delivered.ok ? (delivered.iso ? undefined : PRINT_TEXTS.deliveredAtRequired) : delivered.message;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" mih={44} loading={busy} disabled={!sources}>
            {PRINT_TEXTS.print}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item mih={44} onClick={() => print({ kind: 'quotation' })}>
            {PRINT_TEXTS.quotation}
          </Menu.Item>
          <Menu.Item mih={44} onClick={openWarranty}>
            {PRINT_TEXTS.warranty}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={warrantyOpen} onClose={() => setWarrantyOpen(false)} title={PRINT_TEXTS.warrantyTitle} centered>
        <Stack>
          <DateInputBR
            label={PRINT_TEXTS.deliveredAt}
            name="delivered_at"
            value={deliveredText}
            onChange={setDeliveredText}
            error={deliveredError}
            styles={{ input: { minHeight: 44 } }}
          />
          <NumberInput
            label={PRINT_TEXTS.warrantyDays}
            name="warranty_days"
            min={1}
            max={36_500}
            allowDecimal={false}
            value={chosenDays}
            onChange={setDays}
            error={daysValid ? undefined : PRINT_TEXTS.warrantyDaysInvalid}
            styles={{ input: { minHeight: 44 } }}
          />
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setWarrantyOpen(false)}>
              {PRINT_TEXTS.cancel}
            </Button>
            <Button
              mih={44}
              disabled={!daysValid || deliveredError !== undefined}
              onClick={() => {
                if (!delivered.ok || !delivered.iso) return;
                setWarrantyOpen(false);
                print({ kind: 'warranty', days: chosenDays, issuedAt: todayIso(), deliveredAt: delivered.iso });
              }}
            >
              {PRINT_TEXTS.print}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
