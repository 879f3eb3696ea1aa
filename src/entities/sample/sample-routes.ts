/** Links into the samples area, for the samples feature and the quotation page (features do not import each other). */
import { linkOptions } from '@tanstack/react-router';

export const SAMPLE_ROUTES = {
  /** Samples grouped by quotation (/admin/amostra/lista/{page}). */
  groups: (page = '1') => linkOptions({ to: '/admin/amostra/lista/$page', params: { page } }),
  /** The samples of one quotation; `quotationId` is its server id, or its local key before it has one. */
  ofQuotation: (quotationId: string, page = '1') => linkOptions({ to: '/admin/amostra/lista/$quotationId/$page', params: { quotationId, page } }),
  /** One sample (server id or local key). */
  sample: (sampleId: string) => linkOptions({ to: '/admin/amostra/$sampleId', params: { sampleId } }),
};
