/** The costs area's texts (spec: Costs; section 8 alerts). */
export const COST_TEXTS = {
  listTitle: 'Custos',
  card: 'Custos Ativos',
  newButton: 'Novo custo',
  createTitle: 'Custo / Adicionar',
  editTitle: 'Custo / Editar',
  empty: 'Ainda não tem nenhum item cadastrado.',
  confirmDelete: 'Tem certeza que deseja excluir esse custo?',
  saved: 'Custo salvo com sucesso',
  deleted: 'Custo deletado com sucesso',
  backToList: 'Voltar para a lista',
  columns: { id: '#', name: 'Nome', price: 'Preço' },
  edit: 'Editar',
  delete: 'Deletar',
} as const;
