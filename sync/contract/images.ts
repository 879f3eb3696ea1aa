/**
 * Stored images on the wire (docs/decisions/image-uploads.md): the limits
 * every image upload is held to (the logo, users' images, sample photos,
 * customers' files that are images) and the Portuguese messages of their
 * refusals, in one place for the server's answers and the screens.
 *
 * The spec's own 'Você não pode enviar arquivos desse tipo.' and 'Tipo de
 * arquivo não suportado: {type}' are the texts LOGO_MESSAGES, USER_MESSAGES
 * and SAMPLE_MESSAGES already answer; they are repeated here so that a
 * refusal reads the same whichever call made it.
 */

/** Largest image, in pixels (width × height, every frame of an animation together): a 40 MP camera photo passes, a decompression bomb does not. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The only thumbnail size the server makes (spec: "Image thumbnails use 150 by 150", asked as `?w=150&h=150`). */
export const THUMBNAIL_SIDE = 150;

/**
 * Largest multipart `POST api/sample/{id}` (the whole sample with its
 * photos, all parts together), in MB of 1024 × 1024 bytes: 50 photos (the
 * most one save takes) as the tablet reduces them (at most 0.38 MB each,
 * src/ui/photos/reduce-image.ts) are 19 MB, plus the sample's fields.
 */
export const SAMPLE_SAVE_MAX_MB = 25;

/** Status of each refusal: 415 not an image (or a type not taken), 413 too many pixels or too many bytes, 400 empty or unreadable. */
export const IMAGE_MESSAGES = {
  /** 415: the bytes are no image this call takes (text, PDF, SVG, an unknown format). */
  notAnImage: 'Você não pode enviar arquivos desse tipo.',
  /** 415: an image type this call does not take. */
  unsupported: (type: string) => `Tipo de arquivo não suportado: ${type}`,
  /** 400 */
  empty: 'O arquivo está vazio.',
  /** 400: the header says JPEG/PNG/WebP/GIF but the bytes do not decode. */
  unreadable: 'Não foi possível ler a imagem: o arquivo está danificado ou incompleto.',
  /** 413 */
  tooManyPixels: `A imagem tem pixels demais: o máximo é ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (por exemplo, 8000 × 5000 pixels). Reduza a imagem e envie novamente.`,
  /** 413: the multipart sample save above SAMPLE_SAVE_MAX_MB. */
  sampleSaveTooLarge: (maxMb: number) => `O envio passa do limite de ${maxMb} MB para salvar a amostra com as fotos. Envie as fotos uma a uma.`,
  /** 400: `w`/`h` other than the one thumbnail size. */
  thumbnailSize: (side: number) => `Miniatura disponível só no tamanho ${side} × ${side}: use w=${side}&h=${side}.`,
} as const;
