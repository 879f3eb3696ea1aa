/** The record page frame: card 'Dados cadastrais', Salvar, Deletar, loading and not-found states; the record form (`useRecordForm`) on it. */
export { EditPage, PageLoading, RecordNotFound, EDIT_TEXTS, type EditPageProps } from './edit-page';
export { RecordRoute, type RecordRouteProps } from './record-route';
export { RecordEditPage, type RecordEditPageProps, type RecordEditFrame, type RecordPageTexts } from './record-edit-page';
export { useRecordForm, type RecordForm, type RecordFormOptions } from './use-record-form';
export { NamePriceEditPage, type NamePriceEditPageProps, type NamePriceEditTexts, type NamePriceResource } from './name-price-edit-page';
