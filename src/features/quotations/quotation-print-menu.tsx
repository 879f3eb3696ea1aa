/**
 * Imprimir (spec: Quotations, action buttons): 'Orçamento' prints the
 * quotation; 'Garantia' opens the warranty modal (the period in days,
 * prefilled from the system variable `settings_warranty`) and prints the
 * warranty certificate. Both are rendered on the device from the local
 * records with the one template of src/pdf (the server renders the same
 * for `GET api/pdf/quotation/{id}`), so they print offline and show exactly
 * what the user sees, unsent changes included. The PDF code and fonts are
 * loaded only here, on the first print.
 */
import { useState } from 'react';
import { Button, Group, Menu, Modal, NumberInput, Stack } from '@mantine/core';
import type { LocalQuotation } from '@sync/react';
import { alertDanger } from '@/ui/alerts';
import { useQuotationPrintSources } from './quotation-print-sources';
import { openPendingTab, showPdf } from '@/entities/print/print-window';
import type { PrintRequest } from './quotation-print-render';

export const PRINT_TEXTS = {
  print: 'Imprimir',
  quotation: 'Orçamento',
  warranty: 'Garantia',
  warrantyTitle: 'Imprimir garantia',
  warrantyDays: 'Prazo de garantia (dias)',
  warrantyDaysInvalid: 'Informe o prazo em dias (1 ou mais)',
  cancel: 'Cancelar',
  failed: 'Não foi possível gerar o PDF. Tente novamente.',
} as const;

const DEFAULT_WARRANTY_DAYS = 90;

/** Today on this device, as YYYY-MM-DD (the warranty's date of issue). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function QuotationPrintMenu({ quotation }: { quotation: LocalQuotation }) {
  const sources = useQuotationPrintSources(quotation);
  const [busy, setBusy] = useState(false);
  const [warrantyOpen, setWarrantyOpen] = useState(false);
  const settingDays = Number.parseInt(sources?.settings.find((option) => option.option === 'settings_warranty')?.value ?? '', 10);
  const [days, setDays] = useState<number | string>('');
  const chosenDays = typeof days === 'number' ? days : Number.isFinite(settingDays) && settingDays > 0 ? settingDays : DEFAULT_WARRANTY_DAYS;

  const print = (request: PrintRequest) => {
    if (!sources) return;
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

  const daysValid = Number.isInteger(chosenDays) && chosenDays >= 1 && chosenDays <= 36_500;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" mih={44} loading={busy} disabled={!sources}>
            {PRINT_TEXTS.print}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => print({ kind: 'quotation' })}>{PRINT_TEXTS.quotation}</Menu.Item>
          <Menu.Item onClick={() => setWarrantyOpen(true)}>{PRINT_TEXTS.warranty}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={warrantyOpen} onClose={() => setWarrantyOpen(false)} title={PRINT_TEXTS.warrantyTitle} centered>
        <Stack>
          <NumberInput
            label={PRINT_TEXTS.warrantyDays}
            name="warranty_days"
            min={1}
            max={36_500}
            allowDecimal={false}
            value={chosenDays}
            onChange={setDays}
            error={daysValid ? undefined : PRINT_TEXTS.warrantyDaysInvalid}
          />
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setWarrantyOpen(false)}>
              {PRINT_TEXTS.cancel}
            </Button>
            <Button
              mih={44}
              disabled={!daysValid}
              onClick={() => {
                setWarrantyOpen(false);
                print({ kind: 'warranty', days: chosenDays, issuedAt: today() });
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
