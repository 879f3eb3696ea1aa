/**
 * The stamp drawn on sample photos (FIELD-UX item 10): the text from the
 * sample's number and the capture time, the band's sizes per image size,
 * the font shrunk when the line would not fit, and the capture time read
 * from a JPEG's EXIF (both byte orders) or the file's lastModified. The
 * drawing itself on real pixels is checked in Chromium by the photos bench.
 */
import { describe, expect, it } from 'vitest';
import { captureTimeOf, deviceWallTime, exifDateTimeOriginal, parseExifDate } from '@/ui/photos/capture-time';
import { brazilianDateTime, drawStamp, sampleStampLabel, stampLayout, stampText } from '@/ui/photos/photo-stamp';
import { thumbnailSquare } from '@/ui/photos/reduce-image';

const time = { year: 2026, month: 3, day: 7, hour: 9, minute: 5 };

describe('stamp text', () => {
  it.each([
    [12, 'sample-key', 'Amostra 12 · 07/03/2026 09:05'],
    [1, 'x', 'Amostra 1 · 07/03/2026 09:05'],
    [null, '3f9a2c1e-77aa-4bcd-9e00-123456789abc', 'Amostra 3F9A2C · 07/03/2026 09:05'],
    [undefined, 'ab-cd_ef12', 'Amostra ABCDEF · 07/03/2026 09:05'],
  ])('sample_no %s, key %s → %s', (sampleNo, key, expected) => {
    expect(stampText(sampleStampLabel(sampleNo, key), time)).toBe(expected);
  });

  it.each([
    [{ year: 2026, month: 12, day: 31, hour: 23, minute: 59 }, '31/12/2026 23:59'],
    [{ year: 2025, month: 1, day: 1, hour: 0, minute: 0 }, '01/01/2025 00:00'],
  ])('%o → %s', (wall, expected) => {
    expect(brazilianDateTime(wall)).toBe(expected);
  });
});

describe('stamp layout per image size', () => {
  it.each([
    // width, height, font, band, padding
    [1600, 1200, 48, 77, 24],
    [1200, 1600, 48, 77, 24],
    [1600, 900, 36, 58, 18],
    [300, 300, 12, 19, 6],
    [150, 150, 12, 19, 6],
    [1600, 1600, 64, 102, 32],
  ])('%i×%i → font %i, band %i, padding %i', (width, height, fontPx, bandPx, paddingPx) => {
    expect(stampLayout(width, height)).toEqual({ fontPx, bandPx, paddingPx });
  });
});

describe('the device thumbnail keeps the stamp band', () => {
  it.each([
    // landscape: centred across, full height (the band's ends are cut, the band stays)
    [1600, 1200, { sx: 200, sy: 0, side: 1200 }],
    // portrait: the bottom square, where the band is
    [1200, 1600, { sx: 0, sy: 400, side: 1200 }],
    [1200, 1200, { sx: 0, sy: 0, side: 1200 }],
  ])('%i×%i → %o', (width, height, square) => {
    const cut = thumbnailSquare(width, height);
    expect(cut).toEqual(square);
    expect(cut.sy + cut.side).toBe(height);
  });
});

/** A context that records what is drawn; text is 0.5 em per character wide. */
function recordingContext() {
  const calls: unknown[][] = [];
  const context = {
    fillStyle: '' as string | CanvasGradient | CanvasPattern,
    font: '',
    textBaseline: 'alphabetic' as CanvasTextBaseline,
    fillRect: (...args: number[]) => void calls.push(['fillRect', context.fillStyle, ...args]),
    fillText: (text: string, x: number, y: number) => void calls.push(['fillText', context.fillStyle, context.font, text, x, y]),
    measureText: (text: string) => ({ width: text.length * 0.5 * Number.parseInt(context.font, 10) }) as TextMetrics,
  };
  return { context, calls };
}

describe('drawStamp', () => {
  it('draws a dark translucent band at the bottom, then light text in it', () => {
    const { context, calls } = recordingContext();
    drawStamp(context, 1600, 1200, 'Amostra 12 · 07/03/2026 09:05');
    expect(calls).toEqual([
      ['fillRect', 'rgba(0, 0, 0, 0.6)', 0, 1200 - 77, 1600, 77],
      ['fillText', '#ffffff', '48px sans-serif', 'Amostra 12 · 07/03/2026 09:05', 24, 1200 - 77 / 2],
    ]);
  });

  it.each([
    [200, 150, 'Amostra 123456 · 07/03/2026 09:05', 11],
    [1600, 1200, 'Amostra 123456 · 07/03/2026 09:05', 48],
  ])('%i×%i: %s is drawn at %i px (shrunk to fit the width)', (width, height, text, fontPx) => {
    const { context } = recordingContext();
    const layout = drawStamp(context, width, height, text);
    expect(layout.fontPx).toBe(fontPx);
    expect(text.length * 0.5 * layout.fontPx).toBeLessThanOrEqual(width - 2 * layout.paddingPx);
  });
});

/** A JPEG head: SOI, APP1 Exif with IFD0 → Exif IFD → DateTimeOriginal. */
function jpegWithExif(date: string, little: boolean): ArrayBuffer {
  const tiff: number[] = [];
  const u16 = (value: number) => (little ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
  const u32 = (value: number) => (little ? [0, 8, 16, 24].map((s) => (value >> s) & 0xff) : [24, 16, 8, 0].map((s) => (value >> s) & 0xff));
  tiff.push(...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8));
  // IFD0 at 8: one entry (ExifIFD pointer → 26), next IFD 0.
  tiff.push(...u16(1), ...u16(0x8769), ...u16(4), ...u32(1), ...u32(26), ...u32(0));
  // Exif IFD at 26: one entry (DateTimeOriginal, ASCII, 20 bytes at 44).
  tiff.push(...u16(1), ...u16(0x9003), ...u16(2), ...u32(20), ...u32(44), ...u32(0));
  tiff.push(...Array.from(new TextEncoder().encode(date.padEnd(19, ' '))), 0);
  const app1 = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const length = app1.length + 2;
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...app1, 0xff, 0xd9]).buffer;
}

describe('capture time', () => {
  it.each([
    ['2024:05:17 14:32:09', true, { year: 2024, month: 5, day: 17, hour: 14, minute: 32 }],
    ['2024:05:17 14:32:09', false, { year: 2024, month: 5, day: 17, hour: 14, minute: 32 }],
    ['0000:00:00 00:00:00', true, null],
    ['                   ', false, null],
  ])('EXIF DateTimeOriginal %j (little endian %s) → %o', (date, little, expected) => {
    expect(exifDateTimeOriginal(jpegWithExif(date, little))).toEqual(expected);
  });

  it.each([
    ['not a jpeg', new TextEncoder().encode('PNG....').buffer],
    ['jpeg without exif', new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0, 4, 0, 0, 0xff, 0xd9]).buffer],
    ['truncated', jpegWithExif('2024:05:17 14:32:09', true).slice(0, 30)],
  ])('%s → null', (_name, bytes) => {
    expect(exifDateTimeOriginal(bytes as ArrayBuffer)).toBeNull();
  });

  it('parseExifDate refuses out-of-range parts', () => {
    expect(parseExifDate('2024:13:01 10:00:00')).toBeNull();
    expect(parseExifDate('2024:12:01 24:00:00')).toBeNull();
  });

  it('takes EXIF over lastModified, lastModified (device zone) otherwise', async () => {
    const lastModified = Date.UTC(2026, 0, 2, 3, 4);
    const withExif = new File([jpegWithExif('2024:05:17 14:32:09', true)], 'a.jpg', { type: 'image/jpeg', lastModified });
    expect(await captureTimeOf(withExif)).toEqual({ year: 2024, month: 5, day: 17, hour: 14, minute: 32, source: 'exif' });
    const plain = new File(['png bytes'], 'b.png', { type: 'image/png', lastModified });
    expect(await captureTimeOf(plain)).toEqual({ ...deviceWallTime(lastModified), source: 'file' });
    const local = new Date(lastModified);
    expect(deviceWallTime(lastModified)).toEqual({
      year: local.getFullYear(),
      month: local.getMonth() + 1,
      day: local.getDate(),
      hour: local.getHours(),
      minute: local.getMinutes(),
    });
  });
});
