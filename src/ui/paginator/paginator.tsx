/**
 * The shared paginator (spec section 2): 'Mostrando X a Y de Z registros'
 * or 'Nenhum resultado encontrado', with the buttons Anterior and Proximo.
 * The page lives in the caller (usually the route's `lista/{page}`).
 */
import { Button, Group, Text } from '@mantine/core';
import { PAGE_SIZE } from '@sync/contract/list';
import { pageWindow } from './page-window';

export interface PaginatorProps {
  page: number;
  total: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

export function Paginator({ page, total, pageSize = PAGE_SIZE, onPageChange, disabled = false }: PaginatorProps) {
  const span = pageWindow(page, total, pageSize);
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {span.label}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={disabled || !span.hasPrevious} onClick={() => onPageChange(span.page - 1)}>
          Anterior
        </Button>
        <Button variant="default" size="xs" disabled={disabled || !span.hasNext} onClick={() => onPageChange(span.page + 1)}>
          Proximo
        </Button>
      </Group>
    </Group>
  );
}
