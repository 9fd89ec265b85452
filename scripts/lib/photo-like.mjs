import sharp from "sharp";

/**
 * A photo-like JPEG for benchmarks: soft gradients, shapes with edges, fine noise, a little blur.
 * `progressive`: as many cameras and editors save them, which a decoder must hold whole (its
 * coefficients) before it can shrink it. `grain`: random sensor-like noise of up to ± that much per
 * channel, so the file is as large as a camera's (the fine noise alone repeats, and compresses well).
 */
export async function photoLike(width = 4000, height = 3000, { progressive = false, grain = 0 } = {}) {
  const shapes = Array.from({ length: 40 }, (_, i) => {
    const x = (i * 977) % width;
    const y = (i * 613) % height;
    const r = 80 + ((i * 131) % 420);
    const hue = (i * 47) % 360;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${hue},60%,${35 + (i % 5) * 9}%)" fill-opacity="0.75"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8ecae6"/><stop offset="1" stop-color="#fb8500"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  const base = await sharp(Buffer.from(svg)).blur(1.2).raw().toBuffer({ resolveWithObject: true });
  const noisy = Buffer.from(base.data);
  for (let i = 0; i < noisy.length; i++) noisy[i] = Math.max(0, Math.min(255, noisy[i] + ((i * 2654435761) % 17) - 8));
  if (grain) {
    // xorshift32: a fixed sequence, so every run encodes the same photo.
    let seed = 0x9e3779b9;
    for (let i = 0; i < noisy.length; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      noisy[i] = Math.max(0, Math.min(255, noisy[i] + Math.round((((seed >>> 0) / 0xffffffff) * 2 - 1) * grain)));
    }
  }
  return sharp(noisy, { raw: base.info }).jpeg({ quality: 88, progressive }).toBuffer();
}
