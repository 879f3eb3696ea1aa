/**
 * Renders the app icons into public/ (run: `node --import tsx scripts/generate-icons.ts`).
 *
 * The mark is the letters "HO" (Higiene Ocupacional) in white on the theme
 * colour, drawn from rectangles and a ring with 4×4 supersampling and
 * written by a minimal PNG encoder (node:zlib), so no image library is
 * needed. Outputs:
 * - icons/icon-192.png, icons/icon-512.png: rounded square, transparent corners ("any")
 * - icons/icon-maskable-512.png: full bleed, the mark inside the 80 % safe circle
 * - icons/apple-touch-icon.png (180): full bleed (iOS paints transparency black)
 * - icons/favicon-32.png, favicon.svg
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const BACKGROUND: Rgb = [0x0b, 0x72, 0x85];
const FOREGROUND: Rgb = [0xff, 0xff, 0xff];

type Rgb = [number, number, number];
/** Coverage of a point in unit coordinates (0..1 on both axes, y down). */
type Shape = (x: number, y: number) => boolean;

// --- the mark, in unit coordinates --------------------------------------
const rect =
  (x0: number, y0: number, x1: number, y1: number): Shape =>
  (x, y) =>
    x >= x0 && x <= x1 && y >= y0 && y <= y1;
const ring =
  (cx: number, cy: number, inner: number, outer: number): Shape =>
  (x, y) => {
    const d = Math.hypot(x - cx, y - cy);
    return d >= inner && d <= outer;
  };
const union =
  (...shapes: Shape[]): Shape =>
  (x, y) =>
    shapes.some((s) => s(x, y));
/** Scales a shape about the centre (mark sizes differ between icon kinds). */
const scaled =
  (shape: Shape, factor: number): Shape =>
  (x, y) =>
    shape(0.5 + (x - 0.5) / factor, 0.5 + (y - 0.5) / factor);

const MARK: Shape = union(
  rect(0.19, 0.32, 0.265, 0.68), // H, left stem
  rect(0.365, 0.32, 0.44, 0.68), // H, right stem
  rect(0.19, 0.4625, 0.44, 0.5375), // H, bar
  ring(0.645, 0.5, 0.105, 0.18), // O
);

const roundedSquare =
  (radius: number): Shape =>
  (x, y) => {
    const cx = Math.min(Math.max(x, radius), 1 - radius);
    const cy = Math.min(Math.max(y, radius), 1 - radius);
    return Math.hypot(x - cx, y - cy) <= radius;
  };

// --- rasteriser ----------------------------------------------------------
const SAMPLES = 4;

function render(size: number, background: Shape | null, mark: Shape): Buffer {
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          const inBg = background === null || background(x, y);
          if (inBg) bg++;
          if (inBg && mark(x, y)) fg++;
        }
      }
      const total = SAMPLES * SAMPLES;
      const alpha = bg / total;
      const fgShare = bg === 0 ? 0 : fg / bg;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        rgba[i + c] = Math.round(BACKGROUND[c]! * (1 - fgShare) + FOREGROUND[c]! * fgShare);
      }
      rgba[i + 3] = Math.round(alpha * 255);
    }
  }
  return rgba;
}

// --- PNG encoder ---------------------------------------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function encodePng(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0); // width
  header.writeUInt32BE(size, 4); // height
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  // compression, filter, interlace: 0
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function writePng(relativePath: string, size: number, background: Shape | null, mark: Shape): void {
  const path = join(PUBLIC_DIR, relativePath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, encodePng(size, render(size, background, mark)));
  console.log(`wrote public/${relativePath} (${size}×${size})`);
}

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="22" fill="#0b7285"/>
  <g fill="#fff">
    <rect x="19" y="32" width="7.5" height="36"/>
    <rect x="36.5" y="32" width="7.5" height="36"/>
    <rect x="19" y="46.25" width="25" height="7.5"/>
  </g>
  <circle cx="64.5" cy="50" r="14.25" fill="none" stroke="#fff" stroke-width="7.5"/>
</svg>
`;

function main(): void {
  const anyIcon = roundedSquare(0.22);
  writePng('icons/icon-192.png', 192, anyIcon, MARK);
  writePng('icons/icon-512.png', 512, anyIcon, MARK);
  writePng('icons/icon-maskable-512.png', 512, null, scaled(MARK, 0.8));
  writePng('icons/apple-touch-icon.png', 180, null, scaled(MARK, 0.9));
  writePng('icons/favicon-32.png', 32, roundedSquare(0.2), scaled(MARK, 1.1));
  writeFileSync(join(PUBLIC_DIR, 'favicon.svg'), FAVICON_SVG);
  console.log('wrote public/favicon.svg');
}

main();
