/**
 * The sample page rendered as its route renders it, for a given user, on a
 * real local store, and the browser's connectivity as the screens read it.
 */
import type { ReviewActor } from '@sync/contract/samples';
import type { SyncEngine } from '@sync/engine/engine';
import type { SyncDatabase } from '@sync/store/database';
import { screen } from '@testing-library/react';
import { SampleEditPage } from '@/features/samples';
import { SAMPLE_TEXTS } from '@/features/samples/sample-texts';
import { renderRoutes } from '../support/render';

export { setBrowserOnline } from '../support/browser-online';

/**
 * The sample page at /admin/amostra/{key} for `viewer`, as the route renders it, once the sample is read
 * from the store (its header shows): the render's act does not always outlast the store's first read.
 */
export async function renderSamplePage(db: SyncDatabase, key: string, viewer: ReviewActor, engine?: SyncEngine) {
  const view = await renderRoutes(
    {
      '/admin/amostra/$sampleId': ({ params }) => <SampleEditPage sampleId={params.sampleId!} readOnly={viewer.isCustomer} viewer={viewer} />,
      '/admin/amostra/lista/$page': () => <p>Amostras</p>,
    },
    `/admin/amostra/${key}`,
    { db, engine, notifications: true },
  );
  await screen.findByText(SAMPLE_TEXTS.editTitle);
  return view;
}
