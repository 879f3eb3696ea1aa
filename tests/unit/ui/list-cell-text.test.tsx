/**
 * Long texts in lists (issue 24): a 535-character name is cut after two
 * lines with an ellipsis instead of stretching its row, the whole text stays
 * in the page and shows in a tooltip on hover (and on touch, a tap or long
 * press); a name inside a link is cut the same way; short texts, amounts
 * (nowrap columns) and cells with other content are left as they are.
 */
import { Anchor, Badge } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CELL_TEXT_LINES, type ListColumn, ListPage } from '@/ui/list-page';
import { renderWithProviders } from '../support/render';

type Row = { key: string; name: string; price: string };

const LONG = `Metalúrgica ${'Horizonte '.repeat(52)}Ltda`;
const rows: Row[] = [
  { key: 'a', name: LONG, price: 'R$ 1.234,56' },
  { key: 'b', name: 'Curto', price: 'R$ 10,00' },
];

const columns: ListColumn<Row>[] = [
  { id: 'name', header: 'Nome', render: (row) => row.name },
  { id: 'link', header: 'Cliente', render: (row) => <Anchor href={`/c/${row.key}`}>{row.name}</Anchor> },
  { id: 'price', header: 'Preço', nowrap: true, render: (row) => row.price },
  { id: 'badge', header: 'Situação', render: () => <Badge>Ativo</Badge> },
];

async function renderList() {
  return renderWithProviders(
    <ListPage
      title="Clientes"
      search={{ text: '', setText: () => {}, applied: '' }}
      state={{ loading: false, rows, total: rows.length, page: 1, pageSize: 10, pageCount: 1 }}
      page={1}
      onPageChange={() => {}}
      columns={columns}
      rowKey={(row) => row.key}
      emptyText="Nada"
    />,
  );
}

const cell = (row: number, field: string) => document.querySelectorAll(`[data-list-row]`)[row]!.querySelector(`[data-list-field="${field}"]`)!;

describe('long texts in lists', () => {
  it('are cut after two lines, whole in the page', async () => {
    expect(LONG.length).toBeGreaterThan(500);
    await renderList();
    for (const field of ['name', 'link']) {
      const text = cell(0, field).querySelector<HTMLElement>('[data-cell-text]')!;
      expect(text).not.toBeNull();
      expect(text).toHaveAttribute('data-line-clamp');
      expect(text.style.getPropertyValue('--text-line-clamp')).toBe(String(CELL_TEXT_LINES));
      expect(text.textContent).toBe(LONG);
    }
    // The link keeps its target and holds the cut text.
    expect(cell(0, 'link').querySelector('a')).toHaveAttribute('href', '/c/a');
    expect(cell(0, 'link').querySelector('a [data-cell-text]')).not.toBeNull();
  });

  it('show the whole text in a tooltip on hover', async () => {
    const user = userEvent.setup({ delay: null });
    await renderList();
    await user.hover(cell(0, 'name').querySelector('[data-cell-text]')!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
  });

  it('leave short texts without a tooltip, and amounts and other content as they are', async () => {
    const user = userEvent.setup({ delay: null });
    await renderList();
    await user.hover(cell(1, 'name').querySelector('[data-cell-text]')!);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(cell(0, 'price').querySelector('[data-cell-text]')).toBeNull();
    expect(cell(0, 'price').textContent).toBe('R$ 1.234,56');
    expect(cell(0, 'badge').querySelector('[data-cell-text]')).toBeNull();
  });
});
