/**
 * 'Custos' (/admin/custos/lista/{page}): the local costs, searched and paged
 * (10 a page), with 'Novo custo', edit and delete. Reads the device's store,
 * so it works offline.
 */
import { NamePriceListPage } from '@/ui/list-page';
import { COST_ROUTES } from './cost-routes';
import { COST_TEXTS } from './cost-texts';

export interface CostListPageProps {
  page: number;
  /** The search in the URL when the page opened. */
  search?: string;
}

export function CostListPage({ page, search = '' }: CostListPageProps) {
  return <NamePriceListPage resource="costs" page={page} search={search} texts={COST_TEXTS} routes={COST_ROUTES} />;
}
