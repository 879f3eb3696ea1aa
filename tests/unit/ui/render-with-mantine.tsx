/**
 * Renders a component inside Mantine's provider set up for jsdom
 * (env="test": no transitions, portals inline enough for queries).
 */
import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';

export function renderWithMantine(ui: ReactElement): RenderResult {
  return render(<MantineProvider env="test">{ui}</MantineProvider>);
}
