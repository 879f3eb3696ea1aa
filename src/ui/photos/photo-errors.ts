/**
 * Why a photo failed, in Portuguese, whatever was thrown on the way: the
 * reduction library rejects with the <img>'s error Event when the browser
 * cannot decode the file (which printed '[object Event]'), the browser's
 * APIs with DOMExceptions in English ('The source image could not be
 * decoded.'), the local store with a quota error (a Dexie error wrapping
 * the browser's), the camera and the file pickers with AbortError or
 * NotAllowedError. Each is mapped to a kind and the kind to a sentence; an
 * Event that says nothing, or anything not recognised, gets a generic
 * sentence, never the raw text. The engine's own errors (SyncError) are in
 * Portuguese already and keep their message.
 */
import { SyncError } from '@sync/react';

export type PhotoFailure = 'decode' | 'quota' | 'too-large' | 'unsupported' | 'cancelled' | 'permission' | 'unknown';

/** The sentence for each kind (what follows 'Erro ao processar imagem: ' in the alert). */
export const PHOTO_FAILURE_MESSAGES: Readonly<Record<PhotoFailure, string>> = {
  decode: 'Não foi possível ler a imagem. O arquivo pode estar corrompido; tire a foto de novo ou escolha outra.',
  quota:
    'Não há espaço livre neste aparelho para guardar a foto. Sincronize o que está pendente e libere espaço no aparelho (sem limpar os dados do navegador).',
  'too-large': 'A imagem é grande demais para ser processada neste aparelho. Tire a foto com uma resolução menor ou escolha outra.',
  unsupported: 'Formato de imagem não suportado neste aparelho. Use uma foto JPEG ou PNG.',
  cancelled: 'A câmera foi fechada antes de a foto ser tirada. Nenhuma foto foi adicionada.',
  permission: 'O navegador não permitiu usar a câmera ou ler o arquivo. Libere o acesso nas configurações do navegador e tente de novo.',
  unknown: 'Não foi possível processar a imagem. Tente de novo ou escolha outra foto.',
};

/** Thrown by the app's own photo steps with the kind already known. */
export class PhotoError extends Error {
  constructor(readonly failure: Exclude<PhotoFailure, 'unknown'>) {
    super(PHOTO_FAILURE_MESSAGES[failure]);
    this.name = 'PhotoError';
  }
}

type Named = { name?: unknown; message?: unknown; code?: unknown; inner?: unknown; cause?: unknown };

const DECODE_TEXT = /decod|corrupt|invalid image|could not be (read|loaded)|failed to load|unable to load|not readable/i;
const TOO_LARGE_TEXT =
  /too (large|big)|out of memory|allocation fail|array buffer allocation|invalid array length|exceeds|maximum (canvas|size)|canvas.*(size|area)|getContext of OffscreenCanvas returns null/i;
const UNSUPPORTED_TEXT = /not an image|unsupported|not supported|no (image|decoder)/i;
const QUOTA_TEXT = /quota|disk (is )?full|no space/i;

function isEvent(error: unknown): error is Event {
  if (typeof Event !== 'undefined' && error instanceof Event) return true;
  // Another realm's Event (a worker, a test's DOM): an object with a type and a target, that is no Error.
  return typeof error === 'object' && error !== null && !(error instanceof Error) && typeof (error as Event).type === 'string' && 'target' in error;
}

/** What an Event carries: an <img> that failed to load could not decode the file; a FileReader its DOMException. */
function failureOfEvent(event: Event): PhotoFailure {
  const target = event.target as (Named & { tagName?: unknown; error?: unknown }) | null;
  if (target && typeof target.tagName === 'string' && target.tagName.toUpperCase() === 'IMG') return 'decode';
  if (target?.error) return photoFailureOf(target.error);
  return 'unknown';
}

function failureOfNamed(error: Named, depth: number): PhotoFailure {
  const name = typeof error.name === 'string' ? error.name : '';
  const message = typeof error.message === 'string' ? error.message : '';
  switch (name) {
    case 'QuotaExceededError':
    case 'NS_ERROR_DOM_QUOTA_REACHED':
      return 'quota';
    case 'EncodingError':
      return 'decode';
    case 'NotSupportedError':
      return 'unsupported';
    case 'NotAllowedError':
    case 'SecurityError':
      return 'permission';
    case 'NotReadableError':
      return 'decode';
    case 'RangeError':
      return 'too-large';
  }
  // Dexie and others wrap the browser's error (`inner`, `cause`): what it says decides.
  for (const wrapped of [error.inner, error.cause]) {
    if (wrapped && depth < 3) {
      const inner = failureOf(wrapped, depth + 1);
      if (inner !== 'unknown') return inner;
    }
  }
  if (error.code === 22 || QUOTA_TEXT.test(message)) return 'quota';
  // A user who closes the camera or the picker (showOpenFilePicker, getUserMedia): AbortError, after the wrapped checks (a store transaction aborted on a full disk).
  if (name === 'AbortError') return 'cancelled';
  if (TOO_LARGE_TEXT.test(message)) return 'too-large';
  if (UNSUPPORTED_TEXT.test(message)) return 'unsupported';
  // createImageBitmap's InvalidStateError says 'could not be decoded'; the store's InvalidStateError says something else.
  if (DECODE_TEXT.test(message)) return 'decode';
  return 'unknown';
}

function failureOf(error: unknown, depth: number): PhotoFailure {
  if (error instanceof PhotoError) return error.failure;
  if (isEvent(error)) return failureOfEvent(error);
  if (typeof error === 'object' && error !== null) return failureOfNamed(error as Named, depth);
  return 'unknown';
}

/** The kind of a photo failure, from whatever was thrown. */
export function photoFailureOf(error: unknown): PhotoFailure {
  return failureOf(error, 0);
}

/**
 * The reason a photo failed, in Portuguese: the kind's sentence, the
 * engine's own message, else `fallback` (the generic sentence unless the
 * caller has a better one for what it was doing).
 */
export function photoErrorMessage(error: unknown, fallback: string = PHOTO_FAILURE_MESSAGES.unknown): string {
  const failure = photoFailureOf(error);
  if (failure !== 'unknown') return PHOTO_FAILURE_MESSAGES[failure];
  if (error instanceof SyncError && error.message.trim()) return error.message;
  return fallback;
}
