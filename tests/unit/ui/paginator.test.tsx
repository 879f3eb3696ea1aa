/**
 * The paginator component and the debounced list search (spec sections 2
 * and 9).
 */
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Paginator, useListSearch } from '@/ui/paginator';
import { renderWithProviders } from '../support/render';

describe('Paginator', () => {
  it('shows the range and moves between pages', async () => {
    const onPageChange = vi.fn();
    await renderWithProviders(<Paginator page={2} total={35} onPageChange={onPageChange} />);

    expect(screen.getByText('Mostrando 11 a 20 de 35 registros')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Proximo' }));

    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
  });

  it('disables both buttons when there is nothing to page through', async () => {
    await renderWithProviders(<Paginator page={1} total={0} onPageChange={() => {}} />);

    expect(screen.getByText('Nenhum resultado encontrado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Proximo' })).toBeDisabled();
  });
});

describe('useListSearch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies the text 800 ms after the last keystroke and resets to page 1', () => {
    vi.useFakeTimers();
    const onApplied = vi.fn();
    const { result } = renderHook(() => useListSearch({ onApplied }));

    act(() => result.current.setText('met'));
    act(() => vi.advanceTimersByTime(500));
    act(() => result.current.setText('metal'));
    act(() => vi.advanceTimersByTime(799));
    expect(result.current.applied).toBe('');
    expect(onApplied).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.applied).toBe('metal');
    expect(onApplied).toHaveBeenCalledExactlyOnceWith('metal');
  });

  it('does not re-apply a search that only changed by spaces', () => {
    vi.useFakeTimers();
    const onApplied = vi.fn();
    const { result } = renderHook(() => useListSearch({ initial: 'sul', onApplied }));

    act(() => result.current.setText(' sul '));
    act(() => vi.advanceTimersByTime(1_000));

    expect(onApplied).not.toHaveBeenCalled();
  });
});
