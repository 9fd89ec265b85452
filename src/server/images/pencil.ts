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
  /** Working-scale long side (px) for the blurred and edge maps. */
  work: number;
  /** Dodge blur sigma as a fraction of the long side. */
  blurFrac: number;
  /** Ratios grey/blurred at or above this are paper white (hides noise). */
  paper: number;
  dodgeGamma: number;
  /** Pre-blur for edge detection, in px per 1000 px of long side. */
  edgeSigma: number;
  edgeLo: number;
  edgeHi: number;
  edgeStrength: number;
  /** Shading of the darkest areas (0 = none, 1 = as dark as a line). */
  shade: number;
  shadeGamma: number;
  /** Tone of the darkest graphite (0 = black). */
  darkest: number;
}

export const defaultParams: PencilParams = {
  work: 1000,
  blurFrac: 1 / 250,
  paper: 0.93,
  dodgeGamma: 2,
  edgeSigma: 1.1,
  edgeLo: 12,
  edgeHi: 70,
  edgeStrength: 0.85,
  shade: 0.45,
  shadeGamma: 1.5,
  darkest: 60,
};

const PREVIEW_SIZE = 800;

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

  // Working scale (long side about p.work px): a box-averaged RGB copy and its luma.
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
  const blurMap = new Float32Array(sw * sh);
  for (let i = 0; i < blurMap.length; i++) blurMap[i] = blurred[i]!;
  const lineShade = new Float32Array(sw * sh);
  edges(soft, sw, sh, lineShade, p.edgeLo, p.edgeHi, p.edgeStrength);
  const shadeLut = new Float32Array(256);
  for (let l = 0; l < 256; l++) shadeLut[l] = 1 - p.shade * Math.pow(1 - l / 255, p.shadeGamma);
  for (let i = 0, j = 0; i < lineShade.length; i++, j += 3) {
    const l = (soft[j]! * 77 + soft[j + 1]! * 150 + soft[j + 2]! * 29 + 128) >> 8;
    lineShade[i] = lineShade[i]! * shadeLut[l]!;
  }
  prof?.("maps");

  // Colour dodge as a table over (grey, blurred grey), scaled to the graphite range.
  const dodgeLut = dodgeTable(p);
  const out = new Uint8Array(w * h);
  compose(px, ch, w, h, k, blurMap, lineShade, sw, sh, dodgeLut, p.darkest, out);
  prof?.("compose");

  const rawFull = { raw: { width: w, height: h, channels: 1 as const } };
  const hires = await sharp(out, rawFull).toColourspace("b-w").png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
  prof?.("png");
  // Most of the preview's down-scaling is a box filter in JS (cheaper than a 12 MP resize).
  const reduced = boxReduce(out, w, h, Math.max(1, Math.floor(long / PREVIEW_SIZE)));
  const preview = await sharp(reduced.data, { raw: { width: reduced.width, height: reduced.height, channels: 1 } })
    .toColourspace("b-w")
    .resize({ width: PREVIEW_SIZE, height: PREVIEW_SIZE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
  prof?.("webp");
  return { hires, preview, width: w, height: h };
}

let cachedDodge: { p: PencilParams; lut: Float32Array } | undefined;

/** lut[grey << 8 | blurred] = (255 - darkest) * min(1, grey / blurred / paper) ^ gamma. */
function dodgeTable(p: PencilParams): Float32Array {
  if (cachedDodge?.p === p) return cachedDodge.lut;
  const span = 255 - p.darkest;
  const lut = new Float32Array(65536);
  for (let g = 0; g < 256; g++) {
    for (let b = 0; b < 256; b++) {
      const r = Math.min(1, g / Math.max(1, b) / p.paper);
      lut[(g << 8) | b] = span * Math.pow(r, p.dodgeGamma);
    }
  }
  cachedDodge = { p, lut };
  return lut;
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

/** Flatten a sample onto white paper: v + (255 - v) * (255 - alpha) / 255. */
function overWhite(v: number, t: number): number {
  return v + (((255 - v) * t * 257 + 32896) >> 16);
}

/**
 * Average k×k blocks into an RGB image (sw×sh×3), flattened onto white. For speed only 2×2
 * samples per block are read (the maps made from it are blurred anyway).
 */
function downscale(px: Uint8Array, w: number, h: number, ch: number, k: number, sw: number, sh: number): Uint8Array {
  const step = k >> 1;
  const first = step >> 1;
  const small = new Uint8Array(sw * sh * 3);
  const xs = new Int32Array(sw * 2);
  for (let sx = 0; sx < sw; sx++) {
    xs[2 * sx] = Math.min(w - 1, sx * k + first) * ch;
    xs[2 * sx + 1] = Math.min(w - 1, sx * k + first + step) * ch;
  }
  const gOff = ch >= 3 ? 1 : 0;
  const bOff = ch >= 3 ? 2 : 0;
  const aOff = ch === 2 || ch === 4 ? ch - 1 : 0;
  for (let sy = 0, o = 0; sy < sh; sy++) {
    const r0 = Math.min(h - 1, sy * k + first) * w * ch;
    const r1 = Math.min(h - 1, sy * k + first + step) * w * ch;
    if (ch === 3) {
      for (let sx = 0; sx < sw; sx++, o += 3) {
        const a = r0 + xs[2 * sx]!, b = r0 + xs[2 * sx + 1]!, c = r1 + xs[2 * sx]!, d = r1 + xs[2 * sx + 1]!;
        small[o] = (px[a]! + px[b]! + px[c]! + px[d]! + 2) >> 2;
        small[o + 1] = (px[a + 1]! + px[b + 1]! + px[c + 1]! + px[d + 1]! + 2) >> 2;
        small[o + 2] = (px[a + 2]! + px[b + 2]! + px[c + 2]! + px[d + 2]! + 2) >> 2;
      }
    } else {
      for (let sx = 0; sx < sw; sx++, o += 3) {
        let r = 2, g = 2, b = 2;
        for (let q = 0; q < 4; q++) {
          const j = (q < 2 ? r0 : r1) + xs[2 * sx + (q & 1)]!;
          const t = aOff ? 255 - px[j + aOff]! : 0;
          r += overWhite(px[j]!, t);
          g += overWhite(px[j + gOff]!, t);
          b += overWhite(px[j + bOff]!, t);
        }
        small[o] = r >> 2;
        small[o + 1] = g >> 2;
        small[o + 2] = b >> 2;
      }
    }
  }
  return small;
}

/**
 * Colour edges: the strongest channel's central-difference gradient on the pre-blurred image,
 * mapped through a smoothstep to a line factor in [1 - strength, 1] (1 = no line).
 */
function edges(rgb: Uint8Array, w: number, h: number, dst: Float32Array, lo: number, hi: number, strength: number): void {
  const scale = 1 / (hi - lo);
  const offset = lo / (hi - lo);
  const stride = w * 3;
  for (let y = 0; y < h; y++) {
    const n = (y > 0 ? y - 1 : 0) * stride;
    const c = y * stride;
    const s = (y < h - 1 ? y + 1 : y) * stride;
    for (let x = 0; x < w; x++) {
      const xc = x * 3;
      const xw = x > 0 ? xc - 3 : xc;
      const xe = x < w - 1 ? xc + 3 : xc;
      let gx = rgb[c + xe]! - rgb[c + xw]!;
      let gy = rgb[s + xc]! - rgb[n + xc]!;
      let best = gx * gx + gy * gy;
      gx = rgb[c + xe + 1]! - rgb[c + xw + 1]!;
      gy = rgb[s + xc + 1]! - rgb[n + xc + 1]!;
      let m = gx * gx + gy * gy;
      if (m > best) best = m;
      gx = rgb[c + xe + 2]! - rgb[c + xw + 2]!;
      gy = rgb[s + xc + 2]! - rgb[n + xc + 2]!;
      m = gx * gx + gy * gy;
      if (m > best) best = m;
      let t = Math.sqrt(best) * scale - offset;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      dst[y * w + x] = 1 - strength * t * t * (3 - 2 * t);
    }
  }
}

/** One row of Rec. 601 luma, flattened onto white. */
function greyRow(px: Uint8Array, j: number, ch: number, row: Uint8Array, w: number): void {
  if (ch === 4) {
    for (let x = 0; x < w; x++, j += 4) {
      const l = (px[j]! * 77 + px[j + 1]! * 150 + px[j + 2]! * 29 + 128) >> 8;
      row[x] = overWhite(l, 255 - px[j + 3]!);
    }
  } else if (ch === 3) {
    for (let x = 0; x < w; x++, j += 3) row[x] = (px[j]! * 77 + px[j + 1]! * 150 + px[j + 2]! * 29 + 128) >> 8;
  } else if (ch === 2) {
    for (let x = 0; x < w; x++, j += 2) row[x] = overWhite(px[j]!, 255 - px[j + 1]!);
  } else {
    row.set(px.subarray(j, j + w));
  }
}

/**
 * Full resolution: out = darkest + lut[grey, blurred] * lineShade, with the working-scale maps
 * up-sampled bilinearly: vertically once per row, horizontally by stepping between the centres of
 * neighbouring map samples. RGB input (the common, large case) computes luma inline; other
 * layouts go through greyRow first.
 */
function compose(
  px: Uint8Array, ch: number, w: number, h: number, k: number,
  blurMap: Float32Array, lineShade: Float32Array, sw: number, sh: number,
  lut: Float32Array, darkest: number, out: Uint8Array,
): void {
  const half = (k - 1) / 2; // x (or y) of the first map sample's centre
  const invK = 1 / k;
  // Segment s covers [centre(s - 1), centre(s)), clamped to [0, w): it interpolates map samples
  // segA[s]..segB[s], starting segOff[s] px after the left sample's centre.
  const segs = sw + 1;
  const segEnd = new Int32Array(segs);
  const segA = new Int32Array(segs);
  const segB = new Int32Array(segs);
  const segOff = new Float32Array(segs);
  for (let s = 0, x = 0; s < segs; s++) {
    const end = s === sw ? w : Math.min(w, Math.ceil(s * k + half));
    segEnd[s] = end;
    segA[s] = Math.max(0, s - 1);
    segB[s] = Math.min(sw - 1, s);
    segOff[s] = s === 0 ? 0 : x - ((s - 1) * k + half);
    x = end;
  }
  const rowB = new Float32Array(sw);
  const rowL = new Float32Array(sw);
  const g = new Uint8Array(w);
  const rgb = ch === 3;
  const base = darkest + 0.5;
  for (let y = 0; y < h; y++) {
    const sy = Math.min(sh - 1, Math.max(0, (y - half) * invK));
    const y0 = sy | 0;
    const fy = sy - y0;
    const r0 = y0 * sw;
    const r1 = Math.min(sh - 1, y0 + 1) * sw;
    for (let s = 0; s < sw; s++) {
      const b0 = blurMap[r0 + s]!;
      rowB[s] = b0 + (blurMap[r1 + s]! - b0) * fy;
      const l0 = lineShade[r0 + s]!;
      rowL[s] = l0 + (lineShade[r1 + s]! - l0) * fy;
    }
    const o = y * w;
    if (!rgb) greyRow(px, o * ch, ch, g, w);
    let i = o;
    for (let s = 0; s < segs; s++) {
      const end = o + segEnd[s]!;
      const bA = rowB[segA[s]!]!;
      const lA = rowL[segA[s]!]!;
      const db = (rowB[segB[s]!]! - bA) * invK;
      const dl = (rowL[segB[s]!]! - lA) * invK;
      let vb = bA + db * segOff[s]!;
      let vl = lA + dl * segOff[s]!;
      if (rgb) {
        for (let j = i * 3; i < end; i++, j += 3, vb += db, vl += dl) {
          const hi = (px[j]! * 77 + px[j + 1]! * 150 + px[j + 2]! * 29 + 128) & 0xff00;
          out[i] = base + lut[hi | vb]! * vl;
        }
      } else {
        for (; i < end; i++, vb += db, vl += dl) out[i] = base + lut[(g[i - o]! << 8) | vb]! * vl;
      }
    }
  }
}

/** Box-average f×f blocks of a 1-channel image (partial blocks at the edges included). */
function boxReduce(src: Uint8Array, w: number, h: number, f: number): { data: Uint8Array; width: number; height: number } {
  const rw = Math.ceil(w / f);
  const rh = Math.ceil(h / f);
  const data = new Uint8Array(rw * rh);
  const acc = new Uint32Array(rw);
  const full = Math.floor(w / f);
  for (let ry = 0; ry < rh; ry++) {
    acc.fill(0);
    const yEnd = Math.min(h, (ry + 1) * f);
    for (let y = ry * f; y < yEnd; y++) {
      let i = y * w;
      for (let rx = 0; rx < full; rx++) {
        let sum = 0;
        for (let q = 0; q < f; q++, i++) sum += src[i]!;
        acc[rx]! += sum;
      }
      for (let sum = 0; i < (y + 1) * w; i++) {
        sum += src[i]!;
        if (i === (y + 1) * w - 1) acc[full]! += sum;
      }
    }
    const rows = yEnd - ry * f;
    for (let rx = 0; rx < rw; rx++) {
      const n = rows * (Math.min(w, (rx + 1) * f) - rx * f);
      data[ry * rw + rx] = (acc[rx]! + (n >> 1)) / n;
    }
  }
  return { data, width: rw, height: rh };
}
