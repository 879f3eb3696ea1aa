/** The samples area's routes for the shared record screens (RecordRoute): the list is the grouped list. */
import type { RecordRoutes } from '@/ui/list-page';
import { SAMPLE_ROUTES } from '@/entities/sample';

export const SAMPLE_RECORD_ROUTES: RecordRoutes = {
  list: (page) => SAMPLE_ROUTES.groups(page),
  create: SAMPLE_ROUTES.groups(),
  record: (sampleId) => SAMPLE_ROUTES.sample(sampleId),
};
