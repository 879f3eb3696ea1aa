/**
 * The error page: the spec's title always; offline, a screen whose code has
 * not been downloaded says so, and anything else keeps the generic line.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_PAGE_TEXTS, ErrorPage } from '@/app/errors/error-page';
import { renderWithProviders } from '../support/render';

const notLoaded = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/agents-list-abc.js');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ErrorPage', () => {
  it('offline, a screen not downloaded yet: says so under the title', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderWithProviders(<ErrorPage error={notLoaded} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.getByText(ERROR_PAGE_TEXTS.notDownloaded)).toBeInTheDocument();
    expect(screen.queryByText(ERROR_PAGE_TEXTS.retry)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/admin/overview');
  });

  it('online, the same error: the generic line', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await renderWithProviders(<ErrorPage error={notLoaded} />);
    expect(screen.getByText(ERROR_PAGE_TEXTS.retry)).toBeInTheDocument();
    expect(screen.queryByText(ERROR_PAGE_TEXTS.notDownloaded)).not.toBeInTheDocument();
  });

  it('offline, another error: the generic line', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderWithProviders(<ErrorPage error={new Error('falha ao desenhar')} />);
    expect(screen.getByText(ERROR_PAGE_TEXTS.retry)).toBeInTheDocument();
  });
});
