/**
 * Photos made for the benchmark, in the page: a camera-like JPEG (smooth
 * light, objects with edges, sensor noise), deterministic from a seed, so
 * its entropy is a real photo's (about 2 to 5 MB at 12 MP), not pure noise
 * (which no camera makes and which compresses to nothing useful) nor flat
 * colour (which would flatter the encoder).
 */

/** mulberry32: a small seeded generator, so every run draws the same picture. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A width × height JPEG at the given quality, as a camera would save it. */
export async function cameraLikeJpeg(width: number, height: number, seed: number, quality = 0.92): Promise<Blob> {
  const random = seeded(seed);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  // Light across the scene.
  const light = context.createLinearGradient(0, 0, width, height);
  light.addColorStop(0, `hsl(${Math.floor(random() * 360)} 35% 70%)`);
  light.addColorStop(1, `hsl(${Math.floor(random() * 360)} 30% 25%)`);
  context.fillStyle = light;
  context.fillRect(0, 0, width, height);
  // Objects: machines, pipes, people's clothes — shapes with edges and shading.
  const scale = width / 4000;
  for (let i = 0; i < 400; i += 1) {
    const x = random() * width;
    const y = random() * height;
    const size = (20 + random() * 500) * scale;
    const shade = context.createRadialGradient(x, y, 0, x, y, size);
    shade.addColorStop(0, `hsl(${Math.floor(random() * 360)} ${Math.floor(20 + random() * 60)}% ${Math.floor(20 + random() * 60)}%)`);
    shade.addColorStop(1, `hsl(${Math.floor(random() * 360)} ${Math.floor(10 + random() * 40)}% ${Math.floor(10 + random() * 50)}%)`);
    context.fillStyle = shade;
    if (random() < 0.5) context.fillRect(x - size / 2, y - size / 3, size, (size * 2) / 3);
    else {
      context.beginPath();
      context.arc(x, y, size / 2, 0, Math.PI * 2);
      context.fill();
    }
  }
  // Fine detail: text on labels and panels.
  context.font = `${Math.round(28 * scale)}px sans-serif`;
  for (let i = 0; i < 120; i += 1) {
    context.fillStyle = random() < 0.5 ? '#111' : '#eee';
    context.fillText(`EPI ${Math.floor(random() * 99999)} NR-15 ${random().toFixed(3)}`, random() * width, random() * height);
  }
  // Sensor noise, stronger in the dark, as a phone camera at indoor light.
  const image = context.getImageData(0, 0, width, height);
  const pixels = image.data;
  for (let p = 0; p < pixels.length; p += 4) {
    const level = (pixels[p]! + pixels[p + 1]! + pixels[p + 2]!) / 3;
    const amplitude = 6 + (255 - level) / 24;
    const n = (random() + random() - 1) * amplitude;
    pixels[p] = pixels[p]! + n;
    pixels[p + 1] = pixels[p + 1]! + n + (random() - 0.5) * 3;
    pixels[p + 2] = pixels[p + 2]! + n;
  }
  context.putImageData(image, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality });
}
