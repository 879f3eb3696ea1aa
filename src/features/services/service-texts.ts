/** The services area's texts (spec: Services; section 8 alerts). */
export const SERVICE_TEXTS = {
  listTitle: 'Serviços',
  card: 'Serviço Ativos',
  newButton: 'Novo serviço',
  createTitle: 'Serviço / Adicionar',
  editTitle: 'Serviço / Editar',
  empty: 'Ainda não tem nenhum item cadastrado.',
  confirmDelete: 'Tem certeza que deseja excluir esse serviço?',
  saved: 'Serviço salvo com sucesso',
  deleted: 'Serviço deletado com sucesso',
  backToList: 'Voltar para a lista',
  columns: { id: '#', name: 'Nome', price: 'Preço', equipment: 'Equipamentos' },
  edit: 'Editar',
  delete: 'Deletar',
} as const;
