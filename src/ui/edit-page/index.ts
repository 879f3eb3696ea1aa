/** The record page frame: card 'Dados cadastrais', Salvar, Deletar, loading and not-found states. */
export { EditPage, PageLoading, RecordNotFound, EDIT_TEXTS, type EditPageProps } from './edit-page';
