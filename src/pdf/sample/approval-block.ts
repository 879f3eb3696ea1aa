/**
 * The report's approval (issue 28): an approved or issued sample prints who
 * approved it (name and council registration), when (DD/MM/YYYY HH:mm,
 * Brasília time), its verification code and where anyone may check that
 * the report matches what was approved (`{origin}/verificar/{code}`, the
 * public page calling `GET api/sample/verify/{code}`). Any other state is
 * printed plainly at the top ('Não aprovada — Em revisão'), so a draft's
 * report cannot pass for an approved one. One template: the server's PDF
 * and the device's print both come through here.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { isReleasedState, SAMPLE_STATE_LABELS, type SampleApproval, type SampleState } from '@sync/contract/samples';
import { formatInstantTimeBR } from '@/domain/dates';
import { linesTable, type Palette } from '../quotation/parts';
import { heading } from './keep-headings';

export const APPROVAL_PDF_TEXTS = {
  title: 'Aprovação',
  columns: ['Campo', 'Valor'],
  state: 'Situação',
  approver: 'Aprovada por',
  council: 'Registro no conselho',
  approvedAt: 'Data da aprovação',
  code: 'Código de verificação',
  where: 'Onde verificar',
  whereText: (url: string) => `Acesse ${url} para conferir se este relatório é o que foi aprovado.`,
  notApproved: (label: string) => `Não aprovada — ${label}`,
  notApprovedNote: 'Relatório sem aprovação do responsável técnico: os resultados podem mudar.',
  /** An approved state without its approval data (never sent by the server): said, never invented. */
  noApprovalData: 'Aprovada — os dados da aprovação ainda não chegaram a este aparelho.',
} as const;

const T = APPROVAL_PDF_TEXTS;
const WARNING = '#c92a2a';

/** The public verification page's address for a code (its path is the app's route `/verificar/$code`). */
export function verifyUrl(origin: string | null | undefined, code: string): string {
  const base = (origin ?? '').replace(/\/+$/, '');
  return `${base}/verificar/${encodeURIComponent(code)}`;
}

/** Whether the report is of an approved sample with its approval data: then the approval block, else the plain state. */
function approvalOf(state: SampleState, approval: SampleApproval | null): SampleApproval | null {
  return isReleasedState(state) ? approval : null;
}

/** Printed right under the header: the state of a sample that is not approved (nothing for an approved one). */
export function stateBanner(state: SampleState, approval: SampleApproval | null): Content[] {
  if (approvalOf(state, approval)) return [];
  if (isReleasedState(state)) return [{ text: T.noApprovalData, bold: true, color: WARNING, margin: [0, 0, 0, 6] }];
  return [
    {
      stack: [
        { text: T.notApproved(SAMPLE_STATE_LABELS[state]), bold: true, fontSize: 12, color: WARNING },
        { text: T.notApprovedNote, fontSize: 8, color: WARNING },
      ],
      margin: [0, 0, 0, 6],
    },
  ];
}

/** 'Aprovação' with the approver, the date and the verification code (nothing for a sample not approved). */
export function approvalBlock(state: SampleState, approval: SampleApproval | null, origin: string | null | undefined, palette: Palette): Content[] {
  const approved = approvalOf(state, approval);
  if (!approved) return [];
  const rows: Array<[string, string]> = [
    [T.state, SAMPLE_STATE_LABELS[state]],
    [T.approver, approved.approver_name],
    [T.council, approved.council || '—'],
    [T.approvedAt, formatInstantTimeBR(approved.approved_at) || '—'],
    [T.code, approved.code],
    [T.where, T.whereText(verifyUrl(origin, approved.code))],
  ];
  const body = rows.map(([label, value]): TableCell[] => [
    { text: label, bold: true },
    label === T.code ? { text: value, bold: true, fontSize: 11 } : { text: value },
  ]);
  const table = linesTable([...T.columns], [170, '*'], body, palette, 99);
  return [heading(T.title, 1, palette), { ...table, table: { ...table.table, keepWithHeaderRows: 1 } }];
}
