/**
 * Where a catalog area's screens lead: its list, its create page and a
 * record's page. Each feature builds these with `linkOptions` against its own
 * routes, so the shared screens stay typed without knowing any path.
 */
import type { LinkOptions } from '@tanstack/react-router';
import type { ListRouteSearch } from './list-route-search';

export interface RecordRoutes {
  /** A page of the list; without a search the list opens unsearched. */
  list: (page: string, search?: ListRouteSearch) => LinkOptions;
  create: LinkOptions;
  /** A record's page by its route parameter (`routeParamOf`). */
  record: (param: string) => LinkOptions;
}
