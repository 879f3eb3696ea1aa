/**
 * The stamp drawn on a photo (FIELD-UX item 10): the sample's label and the
 * capture time in Brazilian form, in light text on a dark translucent band
 * along the bottom edge, sized to the image. The text and the sizes are pure
 * (tested as tables); `drawStamp` draws them on a canvas context.
 */
import type { WallTime } from './capture-time';

const pad2 = (value: number) => String(value).padStart(2, '0');

/** DD/MM/YYYY HH:mm. */
export function brazilianDateTime(time: WallTime): string {
  return `${pad2(time.day)}/${pad2(time.month)}/${time.year} ${pad2(time.hour)}:${pad2(time.minute)}`;
}

/** The sample's label: 'Amostra {n}', or, before the server numbers it, 'Amostra' and the first 6 characters of its local key. */
export function sampleStampLabel(sampleNo: number | null | undefined, localKey: string): string {
  if (sampleNo != null) return `Amostra ${sampleNo}`;
  return `Amostra ${localKey
    .replace(/[^0-9a-z]/gi, '')
    .slice(0, 6)
    .toUpperCase()}`;
}

/** The stamp's line: '{label} · DD/MM/YYYY HH:mm'. */
export function stampText(label: string, time: WallTime): string {
  return `${label} · ${brazilianDateTime(time)}`;
}

export interface StampLayout {
  /** Font size in px. */
  fontPx: number;
  /** Band height in px (the band spans the whole width at the bottom). */
  bandPx: number;
  /** Left margin of the text. */
  paddingPx: number;
}

/**
 * The font is 4% of the image's short side (48 px on a 1600×1200 photo; 12 px
 * in the 300 px device thumbnail, 6 px at the 150 px tile: a visible band and
 * a readable line at full size), never under 12 px; the band is 1.6 times
 * the font.
 */
export function stampLayout(width: number, height: number): StampLayout {
  const fontPx = Math.max(12, Math.round(Math.min(width, height) * 0.04));
  return { fontPx, bandPx: Math.round(fontPx * 1.6), paddingPx: Math.round(fontPx * 0.5) };
}

export const STAMP_STYLE = { band: 'rgba(0, 0, 0, 0.6)', text: '#ffffff', font: 'sans-serif' } as const;

type StampContext = Pick<OffscreenCanvasRenderingContext2D, 'fillRect' | 'fillText' | 'measureText'> & {
  fillStyle: OffscreenCanvasRenderingContext2D['fillStyle'];
  font: string;
  textBaseline: CanvasTextBaseline;
};

/** Draws the band and the text on an image already drawn at width × height; shrinks the font when the line would not fit. */
export function drawStamp(context: StampContext, width: number, height: number, text: string): StampLayout {
  const layout = stampLayout(width, height);
  let fontPx = layout.fontPx;
  context.font = `${fontPx}px ${STAMP_STYLE.font}`;
  const room = width - 2 * layout.paddingPx;
  const measured = context.measureText(text).width;
  if (measured > room && measured > 0) {
    fontPx = Math.max(6, Math.floor((fontPx * room) / measured));
    context.font = `${fontPx}px ${STAMP_STYLE.font}`;
  }
  context.fillStyle = STAMP_STYLE.band;
  context.fillRect(0, height - layout.bandPx, width, layout.bandPx);
  context.fillStyle = STAMP_STYLE.text;
  context.textBaseline = 'middle';
  context.fillText(text, layout.paddingPx, height - layout.bandPx / 2);
  return { ...layout, fontPx };
}
