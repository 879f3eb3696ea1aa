/**
 * The photo area's texts (spec samples.md sections 5 and 8, word for word
 * where the spec gives them; the labels where it is silent are in
 * docs/decisions/samples-photos.md).
 */
export const PHOTO_TEXTS = {
  refused: 'Você não pode enviar arquivos desse tipo.',
  unsupported: (type: string) => `Tipo de arquivo não suportado: ${type}`,
  processFailed: (error: string) => `Erro ao processar imagem: ${error}`,
  filesFailed: (error: string) => `Erro ao processar arquivos: ${error}`,
  /** The form could not be kept on the device before the camera (FIELD-UX item 2): the camera stays closed. */
  beforeCameraFailed: 'Não foi possível guardar a amostra neste aparelho antes de abrir a câmera. Tente de novo.',
  deleted: 'Arquivo deletado com sucesso',
  deleteFailed: (error: string) => `Erro ao deletar arquivo: ${error}`,
  confirmDelete: 'Deseja realmente excluir esta imagem?',
  title: 'Imagens',
  camera: 'Tirar foto',
  choose: 'Escolher imagens',
  processing: 'Processando imagens...',
  empty: 'Nenhuma imagem adicionada.',
  pending: 'Neste dispositivo',
  uploading: 'Enviando',
  /** On the server, as the sample's badge says ('Enviada' read as sent to the client). */
  uploaded: 'Sincronizada',
  failed: 'Falhou',
  notOnDevice: 'Imagem não disponível offline',
  open: (name: string) => `Abrir ${name}`,
  remove: (name: string) => `Excluir ${name}`,
  previous: 'Imagem anterior',
  next: 'Próxima imagem',
  close: 'Fechar',
  counter: (index: number, total: number) => `${index} de ${total}`,
  preview: 'Visualizar imagens',
} as const;
