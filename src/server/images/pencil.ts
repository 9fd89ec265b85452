import sharp from "sharp";

/** A pencil-sketch rendering: grey-scale strokes on white paper. */
export interface PencilResult {
  /** PNG, 8-bit grey-scale, the same pixel size as the input. */
  hires: Buffer;
  /** WebP, long side at most 800 px. */
  preview: Buffer;
  width: number;
  height: number;
}

export interface PencilParams {
  work: number;
  blurFrac: number;
  dodgeGamma: number;
  edgeSigma: number;
  edgeLo: number;
  edgeHi: number;
  edgeStrength: number;
  shade: number;
  darkest: number;
}

export const defaultParams: PencilParams = {
  work: 1000,
  blurFrac: 1 / 250,
  dodgeGamma: 2,
  edgeSigma: 0.8,
  edgeLo: 20,
  edgeHi: 90,
  edgeStrength: 0.8,
  shade: 0.2,
  darkest: 60,
};

const PREVIEW_SIZE = 800;
const RATIO_STEPS = 1024;

export async function renderPencil(input: Buffer, p: PencilParams = defaultParams): Promise<PencilResult> {
  const prof = process.env.PENCIL_PROF ? profiler() : undefined;
  const { data: raw, info } = await sharp(input).raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h, channels: ch } = info;
  prof?.("decode");
  const px = to8bit(raw, w * h * ch);

  const long = Math.max(w, h);
  const k = Math.max(1, Math.round(long / p.work));
  const sw = Math.ceil(w / k);
  const sh = Math.ceil(h / k);

  // Working scale (long side about p.work px): a box-averaged RGB copy.
  const smallRgb = downscale(px, w, h, ch, k, sw, sh);
  const smallLuma = new Uint8Array(sw * sh);
  for (let i = 0, j = 0; i < smallLuma.length; i++, j += 3) {
    smallLuma[i] = (smallRgb[j]! * 77 + smallRgb[j + 1]! * 150 + smallRgb[j + 2]! * 29 + 128) >> 8;
  }
  prof?.("downscale");
  const sigmaB = Math.max(0.5, (long * p.blurFrac) / k);
  const sigmaE = Math.max(0.4, ((long / 1000) * p.edgeSigma) / k);
  const blurred = await sharp(smallLuma, { raw: { width: sw, height: sh, channels: 1 } })
    .blur(sigmaB)
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  const soft = await sharp(smallRgb, { raw: { width: sw, height: sh, channels: 3 } })
    .blur(sigmaE)
    .toColourspace("srgb")
    .raw()
    .toBuffer();
  prof?.("blurs");
  const invBlur = new Float32Array(sw * sh);
  const lineShade = new Float32Array(sw * sh);
  edges(soft, sw, sh, lineShade, p);
  const shade = p.shade / 255;
  for (let i = 0; i < invBlur.length; i++) {
    const b = Math.max(1, blurred[i]!);
    invBlur[i] = RATIO_STEPS / b;
    lineShade[i] = lineShade[i]! * (1 - shade * (255 - b));
  }
  prof?.("maps");

  // Dodge ratio -> graphite tone on paper (darkest .. 255).
  const dodgeLut = new Float32Array(RATIO_STEPS + 1);
  for (let i = 0; i <= RATIO_STEPS; i++) dodgeLut[i] = (255 - p.darkest) * Math.pow(i / RATIO_STEPS, p.dodgeGamma);
  const out = new Uint8Array(w * h);
  compose(px, ch, w, h, k, invBlur, lineShade, sw, sh, dodgeLut, p.darkest, out);
  prof?.("compose");

  const rawFull = { raw: { width: w, height: h, channels: 1 as const } };
  const hires = await sharp(out, rawFull).toColourspace("b-w").png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
  prof?.("png");
  if (process.env.PENCIL_PROF) { await sharp(out, rawFull).toColourspace("b-w").png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer(); prof?.("png-again"); }
  const preview = await sharp(out, rawFull)
    .toColourspace("b-w")
    .resize({ width: PREVIEW_SIZE, height: PREVIEW_SIZE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  prof?.("webp");
  return { hires, preview, width: w, height: h };
}

function profiler() {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  return (label: string) => {
    const c = process.cpuUsage(c0);
    console.log(label.padEnd(10), (performance.now() - t0).toFixed(1), ((c.user + c.system) / 1000).toFixed(1));
  };
}

/** sharp hands back 16-bit samples (native byte order) for 16-bit PNGs: keep the high byte. */
function to8bit(raw: Buffer, samples: number): Uint8Array {
  if (raw.length !== samples * 2) return raw;
  const wide = new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  const px = new Uint8Array(samples);
  for (let i = 0; i < samples; i++) px[i] = wide[i]! >> 8;
  return px;
}

/**
 * Box-average k×k blocks into an RGB image (sw×sh×3), flattened onto white. For speed only a
 * grid of about 2×2 samples per block is read (the maps made from it are blurred anyway).
 */
function downscale(px: Uint8Array, w: number, h: number, ch: number, k: number, sw: number, sh: number): Uint8Array {
  const small = new Uint8Array(sw * sh * 3);
  const step = Math.max(1, k >> 1);
  const first = step >> 1;
  const colour = ch >= 3;
  const alpha = ch === 2 || ch === 4;
  const gOff = colour ? 1 : 0;
  const bOff = colour ? 2 : 0;
  const aOff = ch - 1;
  for (let sy = 0; sy < sh; sy++) {
    const yEnd = Math.min(h, (sy + 1) * k);
    for (let sx = 0; sx < sw; sx++) {
      const xEnd = Math.min(w, (sx + 1) * k);
      let r = 0, g = 0, b = 0, n = 0;
      for (let y = Math.min(sy * k + first, yEnd - 1); y < yEnd; y += step) {
        for (let x = Math.min(sx * k + first, xEnd - 1); x < xEnd; x += step) {
          const j = (y * w + x) * ch;
          let pr = px[j]!, pg = px[j + gOff]!, pb = px[j + bOff]!;
          if (alpha) {
            const t = 255 - px[j + aOff]!;
            pr += ((255 - pr) * t) / 255;
            pg += ((255 - pg) * t) / 255;
            pb += ((255 - pb) * t) / 255;
          }
          r += pr;
          g += pg;
          b += pb;
          n++;
        }
      }
      const o = (sy * sw + sx) * 3;
      small[o] = r / n + 0.5;
      small[o + 1] = g / n + 0.5;
      small[o + 2] = b / n + 0.5;
    }
  }
  return small;
}

/** Colour Sobel (strongest channel) -> line factor in [1 - strength, 1] (1 = no line). */
function edges(rgb: Uint8Array, w: number, h: number, dst: Float32Array, p: PencilParams): void {
  const lo = p.edgeLo;
  const span = p.edgeHi - p.edgeLo;
  const stride = w * 3;
  for (let y = 0; y < h; y++) {
    const ym = (y > 0 ? y - 1 : 0) * stride;
    const yc = y * stride;
    const yp = (y < h - 1 ? y + 1 : y) * stride;
    for (let x = 0; x < w; x++) {
      const xm = (x > 0 ? x - 1 : 0) * 3;
      const xc = x * 3;
      const xp = (x < w - 1 ? x + 1 : x) * 3;
      let best = 0;
      for (let c = 0; c < 3; c++) {
        const a = rgb[ym + xm + c]!, b = rgb[ym + xc + c]!, cc = rgb[ym + xp + c]!;
        const d = rgb[yc + xm + c]!, f = rgb[yc + xp + c]!;
        const g = rgb[yp + xm + c]!, hh = rgb[yp + xc + c]!, i = rgb[yp + xp + c]!;
        const gx = cc + 2 * f + i - a - 2 * d - g;
        const gy = g + 2 * hh + i - a - 2 * b - cc;
        const m = gx * gx + gy * gy;
        if (m > best) best = m;
      }
      let t = (Math.sqrt(best) / 4 - lo) / span;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      dst[y * w + x] = 1 - p.edgeStrength * t * t * (3 - 2 * t);
    }
  }
}

/** One row of Rec. 601 luma, flattened onto white. */
function greyRow(px: Uint8Array, j: number, ch: number, row: Uint8Array, w: number): void {
  if (ch === 3) {
    for (let x = 0; x < w; x++, j += 3) row[x] = (px[j]! * 77 + px[j + 1]! * 150 + px[j + 2]! * 29 + 128) >> 8;
  } else if (ch === 4) {
    for (let x = 0; x < w; x++, j += 4) {
      const l = (px[j]! * 77 + px[j + 1]! * 150 + px[j + 2]! * 29 + 128) >> 8;
      row[x] = 255 - (((255 - l) * px[j + 3]! + 127) / 255);
    }
  } else if (ch === 2) {
    for (let x = 0; x < w; x++, j += 2) row[x] = 255 - (((255 - px[j]!) * px[j + 1]! + 127) / 255);
  } else {
    row.set(px.subarray(j, j + w));
  }
}

/**
 * Full-resolution colour dodge: tone = darkest + lut[grey / blurred] * lineShade, where the
 * working-scale maps are up-sampled bilinearly (vertically per row, horizontally by stepping).
 */
function compose(
  px: Uint8Array, ch: number, w: number, h: number, k: number,
  invBlur: Float32Array, lineShade: Float32Array, sw: number, sh: number,
  lut: Float32Array, darkest: number, out: Uint8Array,
): void {
  const rowI = new Float32Array(sw);
  const rowL = new Float32Array(sw);
  const g = new Uint8Array(w);
  const base = darkest + 0.5;
  const steps = RATIO_STEPS; // a local: module-level constants cost a check in hot loops
  const half = (k - 1) / 2; // x of the first small pixel's centre
  const lead = Math.min(w, Math.ceil(half));
  for (let y = 0; y < h; y++) {
    const sy = Math.min(sh - 1, Math.max(0, (y - half) / k));
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    const r0 = y0 * sw;
    const r1 = Math.min(sh - 1, y0 + 1) * sw;
    for (let s = 0; s < sw; s++) {
      const i0 = invBlur[r0 + s]!;
      rowI[s] = i0 + (invBlur[r1 + s]! - i0) * fy;
      const l0 = lineShade[r0 + s]!;
      rowL[s] = l0 + (lineShade[r1 + s]! - l0) * fy;
    }
    greyRow(px, y * w * ch, ch, g, w);
    const o = y * w;
    let x = 0;
    let vi = rowI[0]!;
    let vl = rowL[0]!;
    for (; x < lead; x++) {
      let idx = (g[x]! * vi) | 0;
      if (idx > steps) idx = steps;
      out[o + x] = base + lut[idx]! * vl;
    }
    for (let s = 0; s < sw - 1; s++) {
      const c = s * k + half;
      const end = Math.min(w, Math.ceil(c + k));
      const di = (rowI[s + 1]! - rowI[s]!) / k;
      const dl = (rowL[s + 1]! - rowL[s]!) / k;
      vi = rowI[s]! + di * (x - c);
      vl = rowL[s]! + dl * (x - c);
      for (; x < end; x++, vi += di, vl += dl) {
        let idx = (g[x]! * vi) | 0;
        if (idx > steps) idx = steps;
        out[o + x] = base + lut[idx]! * vl;
      }
    }
    vi = rowI[sw - 1]!;
    vl = rowL[sw - 1]!;
    for (; x < w; x++) {
      let idx = (g[x]! * vi) | 0;
      if (idx > steps) idx = steps;
      out[o + x] = base + lut[idx]! * vl;
    }
  }
}
