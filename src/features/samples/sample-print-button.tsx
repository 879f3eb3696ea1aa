/**
 * Imprimir on the sample page (spec samples.md section 2: 'A print action
 * produces a PDF'): rendered on the device from the local sample with the
 * blocks as typed (the draft, its figures derived), the settings and the
 * logo kept on the device, with the one template the server uses for
 * `GET api/pdf/sample/{id}`, so it prints offline and shows what the user
 * sees. The quotation's number ('5/2026') is the one the device holds
 * (by the sample's quotation key, else its id; the report prints the id
 * when the device has not the quotation). The PDF code and fonts load only
 * on the first print; a blocked pop-up shows 'Os popup do seu navegador
 * estão bloqueados'. Printing before the company data is filled warns once
 * per session, as the quotation's print does.
 */
import { memo, useState } from 'react';
import { Button } from '@mantine/core';
import { useSyncContext } from '@sync/react/context';
import { useLocalList } from '@sync/react/use-local-record';
import { type LocalSample, readRecord, readRecordById, type SyncDatabase } from '@sync/react';
import { settingsMap } from '@sync/contract/settings';
import { warnIfCompanyDataMissing } from '@/entities/print/company-warning';
import { useDeviceLogo } from '@/entities/print/device-logo';
import { openPendingTab, showPdf } from '@/entities/print/print-window';
import { alertDanger } from '@/ui/alerts';
import { pdfSampleOf, type SamplePdfInput } from '@/pdf/sample';
import type { SampleBlocks } from './use-sample-draft';

export const SAMPLE_PRINT_TEXTS = {
  print: 'Imprimir',
  failed: 'Não foi possível gerar o PDF. Tente novamente.',
} as const;

export interface SamplePrintButtonProps {
  sample: LocalSample;
  /** The draft's blocks at the time of the click (stable: read on click only). */
  currentBlocks(): SampleBlocks;
}

/** The quotation's number as the device holds it; null when the quotation is not on the device or has no number yet. */
async function quotationReferenceOnDevice(db: SyncDatabase, sample: LocalSample): Promise<string | null> {
  const quotation =
    (sample.quotation_key ? await readRecord(db, 'quotations', sample.quotation_key) : undefined) ??
    (sample.quotation_id !== null ? await readRecordById(db, 'quotations', sample.quotation_id) : undefined);
  const reference = quotation?.reference_no;
  return typeof reference === 'string' ? reference : null;
}

export const SamplePrintButton = memo(function SamplePrintButton({ sample, currentBlocks }: SamplePrintButtonProps) {
  const { db, engine } = useSyncContext();
  const settings = useLocalList('settings');
  const logo = useDeviceLogo(settings.loading ? null : settings.rows);
  const [busy, setBusy] = useState(false);
  const ready = !settings.loading && logo !== undefined;

  const print = () => {
    if (!ready) return;
    warnIfCompanyDataMissing(settings.rows);
    // The tab opens inside the click; the PDF follows once made.
    const tab = openPendingTab();
    if (!tab) return;
    const record = { ...sample, ...currentBlocks() };
    // An approved sample's report says where to verify it: this app's own address.
    const input: Omit<SamplePdfInput, 'sample'> = { settings: settingsMap(settings.rows), logo, verifyOrigin: globalThis.location?.origin ?? null };
    setBusy(true);
    import('./sample-print-render')
      .then(async ({ renderSamplePdf, samplePhotosForPrint }) =>
        renderSamplePdf({
          ...input,
          sample: pdfSampleOf(record, await quotationReferenceOnDevice(db, sample)),
          photos: await samplePhotosForPrint(db, engine?.files, sample.key),
        }),
      )
      .then((pdf) => showPdf(tab, pdf))
      .catch(() => {
        tab.close();
        alertDanger(SAMPLE_PRINT_TEXTS.failed);
      })
      .finally(() => setBusy(false));
  };

  return (
    <Button variant="default" mih={44} loading={busy} disabled={!ready} onClick={print}>
      {SAMPLE_PRINT_TEXTS.print}
    </Button>
  );
});
