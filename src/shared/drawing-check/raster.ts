// Plain pixel buffers the drawing check works on: no canvas, so the same code runs in a Web Worker,
// in the tests (Node) and in the benchmark.

/** One byte per pixel: 0 black … 255 white. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Four bytes per pixel (red, green, blue, alpha), as canvas ImageData holds them. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** Yes or no per pixel. */
export interface Mask {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Luma (Rec. 601), alpha ignored. */
export function toGrey(image: RgbaImage): GreyImage {
  const { width, height, data } = image;
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4)
    grey[i] = (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) >> 8;
  return { width, height, data: grey };
}

/**
 * The mean of every (2r+1)² window, from a summed-area table: the same cost whatever the radius,
 * which the local paper brightness (a window of several millimetres) needs.
 */
export function boxMean(image: GreyImage, radius: number): Float32Array {
  const { width, height, data } = image;
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const total =
        sums[y1 * stride + x1]! - sums[y0 * stride + x1]! - sums[y1 * stride + x0]! + sums[y0 * stride + x0]!;
      out[y * width + x] = total / ((x1 - x0) * (y1 - y0));
    }
  }
  return out;
}

/** The middle value of a sample of a grey image's pixels (every `step`th). */
export function medianGrey(image: GreyImage, step = 7): number {
  const counts = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < image.data.length; i += step, n++) counts[image.data[i]!]!++;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += counts[v]!;
    if (seen * 2 >= n) return v;
  }
  return 255;
}

/** A part of an image, copied. */
export function crop(image: RgbaImage, x: number, y: number, width: number, height: number): RgbaImage {
  const out = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 4;
    out.set(image.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { width, height, data: out };
}

/** The image with `margin` pixels of white added on every side. */
export function padWhite(image: RgbaImage, margin: number): RgbaImage {
  const width = image.width + 2 * margin;
  const height = image.height + 2 * margin;
  const out = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let row = 0; row < image.height; row++) {
    out.set(
      image.data.subarray(row * image.width * 4, (row + 1) * image.width * 4),
      ((row + margin) * width + margin) * 4,
    );
  }
  return { width, height, data: out };
}

/**
 * The pixels of `image` as 32-bit words (red in the lowest byte, as on every little-endian machine
 * a browser runs on): one read a pixel instead of one a channel, which on a 12 MP photo is most of
 * the time; over the same memory where it is aligned.
 */
export function pixelWords({ width, height, data }: RgbaImage): Uint32Array {
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  return new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
}

/** A smaller copy, each pixel the mean of the block it covers. */
export function shrink(image: RgbaImage, factor: number): RgbaImage {
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = new Uint8ClampedArray(width * height * 4);
  const step = Math.max(1, Math.round(factor));
  const words = pixelWords(image);
  for (let y = 0; y < height; y++) {
    const sy = Math.floor(y * factor);
    const rows = Math.min(step, image.height - sy);
    for (let x = 0; x < width; x++) {
      const sx = Math.floor(x * factor);
      const columns = Math.min(step, image.width - sx);
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < rows; dy++) {
        const row = (sy + dy) * image.width + sx;
        for (let dx = 0; dx < columns; dx++) {
          const word = words[row + dx]!;
          r += word & 0xff;
          g += (word >>> 8) & 0xff;
          b += (word >>> 16) & 0xff;
        }
      }
      const n = rows * columns;
      const o = (y * width + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}
