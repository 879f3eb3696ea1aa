/**
 * The record page of costs and services: the same screen (card 'Dados
 * cadastrais' with Nome and Preço) with each area's texts and routes;
 * services add their equipment list once saved.
 */
import type { ReactNode } from 'react';
import type { LocalCost, LocalService } from '@sync/react';
import { namePriceFormSchema, namePriceValues } from '../forms/name-price';
import { NamePriceFields } from '../forms/name-price-fields';
import type { RecordRoutes } from '../list-page/record-routes';
import { RecordEditPage, type RecordPageTexts } from './record-edit-page';
import { RecordRoute } from './record-route';
import { useRecordForm } from './use-record-form';

export type NamePriceResource = 'costs' | 'services';

export interface NamePriceEditTexts extends RecordPageTexts {
  saved: string;
  deleted: string;
  backToList: string;
}

export interface NamePriceEditPageProps {
  resource: NamePriceResource;
  /** Server id or local key; undefined for a new record. */
  param?: string;
  texts: NamePriceEditTexts;
  routes: RecordRoutes;
  /** Below the card of a saved record. */
  after?: (record: LocalCost | LocalService) => ReactNode;
}

export function NamePriceEditPage({ resource, param, texts, routes, after }: NamePriceEditPageProps) {
  return (
    <RecordRoute resource={resource} param={param} notFoundTitle={texts.editTitle} backToList={texts.backToList} routes={routes}>
      {(record) => <NamePriceEditor resource={resource} record={record} texts={texts} routes={routes} after={after} />}
    </RecordRoute>
  );
}

function NamePriceEditor({ resource, record, texts, routes, after }: Omit<NamePriceEditPageProps, 'param'> & { record?: LocalCost | LocalService }) {
  const editor = useRecordForm({ resource, record, schema: namePriceFormSchema, initialValues: () => namePriceValues(record), texts, routes });
  return (
    <RecordEditPage editor={editor} texts={texts} routes={routes} after={record && after ? after(record) : null}>
      <NamePriceFields form={editor.form} />
    </RecordEditPage>
  );
}
