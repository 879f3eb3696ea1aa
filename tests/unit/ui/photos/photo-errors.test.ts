/**
 * @vitest-environment jsdom
 *
 * Why a photo failed, readable (src/ui/photos/photo-errors.ts): each thing
 * the reduction library, the browser, the local store or the camera throws,
 * mapped to a kind and to a Portuguese sentence; an Event or anything
 * unknown gets the generic sentence, never '[object Event]' nor the
 * browser's English. And reduceImage says it in the spec's 'Erro ao
 * processar imagem: {error}'.
 */
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { SyncError } from '@sync/engine/errors';
import { PHOTO_FAILURE_MESSAGES, PhotoError, type PhotoFailure, photoErrorMessage, photoFailureOf, ReduceImageError, reduceImage } from '@/ui/photos';

/** The Event an <img> fires when the browser cannot decode the file (what the library rejects with). */
function imageErrorEvent(): Event {
  const image = document.createElement('img');
  const event = new Event('error');
  image.dispatchEvent(event);
  return event;
}

/** A FileReader's error Event, whose reader holds the DOMException. */
function readerErrorEvent(error: DOMException): Event {
  return { type: 'error', target: { error } } as unknown as Event;
}

const quotaDom = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('photoFailureOf / photoErrorMessage', () => {
  // The thrown value is made by a factory: a test's name never formats an Event (its target is the whole document).
  it.each<[string, PhotoFailure, () => unknown]>([
    // The image cannot be decoded.
    ["an <img>'s error Event (the library's loadImage)", 'decode', () => imageErrorEvent()],
    ["createImageBitmap's InvalidStateError", 'decode', () => new DOMException('The source image could not be decoded.', 'InvalidStateError')],
    ['an EncodingError', 'decode', () => new DOMException('Decoding failed.', 'EncodingError')],
    ['a file that cannot be read any more', 'decode', () => new DOMException('The requested file could not be read.', 'NotReadableError')],
    ["a FileReader's error Event", 'decode', () => readerErrorEvent(new DOMException('unreadable', 'NotReadableError'))],
    // The device's storage is full.
    ['the browser’s QuotaExceededError', 'quota', () => quotaDom()],
    ['Dexie’s QuotaExceededError', 'quota', () => new Dexie.QuotaExceededError('quota')],
    [
      'a store transaction aborted by a full disk (Dexie AbortError around it)',
      'quota',
      () => new Dexie.AbortError('Transaction aborted', quotaDom()),
    ],
    ['an error caused by a quota error', 'quota', () => new Error('could not keep the photo', { cause: quotaDom() })],
    ['a legacy quota code 22', 'quota', () => Object.assign(new Error('storage'), { code: 22 })],
    ['Firefox’s quota name', 'quota', () => ({ name: 'NS_ERROR_DOM_QUOTA_REACHED', message: 'Persistent storage maximum size reached' })],
    // Too large for the device.
    ['a canvas too large (the library on Safari)', 'too-large', () => new Error('getContext of OffscreenCanvas returns null')],
    ['an allocation that fails', 'too-large', () => new RangeError('Array buffer allocation failed')],
    ['an image too large', 'too-large', () => new Error('Image too large to decode')],
    ['the app’s own too-large', 'too-large', () => new PhotoError('too-large')],
    // Not an image the device can read.
    ['the library’s not an image', 'unsupported', () => new Error('The file given is not an image')],
    ['a NotSupportedError', 'unsupported', () => new DOMException('The image format is not supported.', 'NotSupportedError')],
    // The camera or the picker closed.
    ['a picker the user closed', 'cancelled', () => new DOMException('The user aborted a request.', 'AbortError')],
    ['the app’s own cancel', 'cancelled', () => new PhotoError('cancelled')],
    // Not allowed.
    ['the camera refused', 'permission', () => new DOMException('Permission denied', 'NotAllowedError')],
    // Nothing to go by.
    ['a bare Event', 'unknown', () => new Event('error')],
    ['an error Event of nothing known', 'unknown', () => ({ type: 'error', target: null })],
    ['an unknown Error in English', 'unknown', () => new Error('Something broke in the worker')],
    ['a store error about something else', 'unknown', () => new DOMException('The transaction has finished.', 'InvalidStateError')],
    ['a string', 'unknown', () => 'boom'],
    ['undefined', 'unknown', () => undefined],
    ['null', 'unknown', () => null],
  ])('%s → %s', (_case, failure, thrown) => {
    const error = thrown();
    expect(photoFailureOf(error)).toBe(failure);
    const message = photoErrorMessage(error);
    expect(message).toBe(PHOTO_FAILURE_MESSAGES[failure]);
    expect(message).not.toMatch(/\[object|undefined|null|Error/);
  });

  it('keeps the engine’s own message (already Portuguese), and a caller’s fallback for the unknown', () => {
    const offline = SyncError.of('network', 'Sem conexão com o servidor.');
    expect(photoErrorMessage(offline)).toBe('Sem conexão com o servidor.');
    expect(photoErrorMessage(new Event('error'), 'Não foi possível guardar a amostra.')).toBe('Não foi possível guardar a amostra.');
    expect(photoErrorMessage(quotaDom(), 'ignorado')).toBe(PHOTO_FAILURE_MESSAGES.quota);
  });

  it('has a Portuguese sentence for every kind', () => {
    for (const message of Object.values(PHOTO_FAILURE_MESSAGES)) {
      expect(message).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕÇ].+\.$/);
      expect(message).toMatch(/ não | a | de /);
    }
  });
});

describe('reduceImage', () => {
  const photo = () => new File(['not really a jpeg'], 'foto.jpg', { type: 'image/jpeg' });

  it.each<[string, PhotoFailure, () => unknown]>([
    ['the Event of an image the browser cannot decode', 'decode', imageErrorEvent],
    ['a bare Event', 'unknown', () => new Event('error')],
    ['a full device', 'quota', quotaDom],
  ])('says %s (%s) in the spec’s words, readable', async (_case, failure, thrown) => {
    const failing = reduceImage(photo(), {
      compress: async () => {
        throw thrown();
      },
    });
    await expect(failing).rejects.toBeInstanceOf(ReduceImageError);
    const error = (await failing.catch((caught: unknown) => caught)) as ReduceImageError;
    expect(error.message).toBe(`Erro ao processar imagem: ${PHOTO_FAILURE_MESSAGES[failure]}`);
    expect(error.failure).toBe(failure);
    expect(error.message).not.toContain('[object Event]');
  });
});
