import { loadSharp } from "./sharp";
import { MAX_LONG_SIDE } from "./template-pipeline";

/** Enlarge an image 4× with Lanczos resampling (capped at the library's 8192 px long side), as PNG. */
export async function upsample4x(input: Buffer): Promise<{ image: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  const meta = await sharp(input).metadata();
  const factor = Math.min(4, MAX_LONG_SIDE / Math.max(meta.width ?? 1, meta.height ?? 1));
  const width = Math.round((meta.width ?? 1) * factor);
  const height = Math.round((meta.height ?? 1) * factor);
  const image = await sharp(input)
    .resize(width, height, { kernel: "lanczos3" })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { image, width, height };
}
