/**
 * 'Serviços' (/admin/servicos/lista/{page}): the local services, searched and paged
 * (10 a page), with 'Novo serviço', edit and delete. Reads the device's store,
 * so it works offline.
 */
import { NamePriceListPage } from '@/ui/list-page';
import { SERVICE_ROUTES } from './service-routes';
import { SERVICE_TEXTS } from './service-texts';

export interface ServiceListPageProps {
  page: number;
  /** The search in the URL when the page opened. */
  search?: string;
}

export function ServiceListPage({ page, search = '' }: ServiceListPageProps) {
  return <NamePriceListPage resource="services" page={page} search={search} texts={SERVICE_TEXTS} routes={SERVICE_ROUTES} />;
}
