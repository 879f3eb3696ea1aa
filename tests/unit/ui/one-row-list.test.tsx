/**
 * Lists that always keep one row (spec samples.md section 4), as rules and
 * on screen through the EPI rows every sample type records: a blank row
 * when empty, removing the last row leaves a blank one, the add icon on the
 * last row only.
 */
import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blankEpi, EpiRows, type EpiRow } from '@/features/samples/common';
import { addRow, removeRow, withOneRow } from '@/ui/rows';
import { renderWithProviders } from '../support/render';

const blank = () => ({ name: '' });

describe('one row always', () => {
  it.each([
    ['no rows', [], [{ name: '' }]],
    ['null', null, [{ name: '' }]],
    ['rows', [{ name: 'a' }], [{ name: 'a' }]],
  ])('%s', (_case, rows, expected) => {
    expect(withOneRow(rows, blank)).toEqual(expected);
  });

  it('removing the last row leaves a blank one; removing another keeps the rest; adding appends a blank', () => {
    expect(removeRow([{ name: 'a' }], 0, blank)).toEqual([{ name: '' }]);
    expect(removeRow([{ name: 'a' }, { name: 'b' }], 0, blank)).toEqual([{ name: 'b' }]);
    expect(addRow([{ name: 'a' }], blank)).toEqual([{ name: 'a' }, { name: '' }]);
  });
});

function Epis({ initial }: { initial: EpiRow[] }) {
  const [rows, setRows] = useState(initial);
  return <EpiRows value={rows} onChange={setRows} readOnly={false} />;
}

describe('EPI rows', () => {
  it('show one blank row, add under the last row only, and keep one row when the last is removed', async () => {
    await renderWithProviders(<Epis initial={[]} />);
    const list = screen.getByRole('list', { name: 'EPIs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Modelo'), { target: { value: 'Concha 3M' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar linha' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Adicionar linha' })).toHaveLength(1);
    expect(within(within(list).getAllByRole('listitem')[1]!).getByRole('button', { name: 'Adicionar linha' })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Remover linha' })[0]!);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remover linha' })[0]!);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByLabelText('Modelo')).toHaveValue(blankEpi().model);
  });
});
