// Photos of a learner's drawing for the check dialog's component tests, made in the browser from
// the check's own synthetic photos (src/shared/drawing-check/synthetic-photo.ts: pencil on a
// printed grid, turned, in perspective, lit unevenly) and encoded as a phone would, as a JPEG.
import {
  SYNTHETIC_PAPER,
  syntheticPhoto,
  syntheticTemplate,
  type SyntheticOptions,
  type SyntheticPhoto,
} from "../../shared/drawing-check/synthetic-photo";
import { workingScale } from "../../shared/drawing-check/paper-geometry";
import type { FileToChoose } from "./browser-commands";

export interface DrawingPhoto {
  shot: SyntheticPhoto;
  file: FileToChoose;
}

async function asFile(blob: Blob, name: string): Promise<FileToChoose> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name, mimeType: blob.type, base64: btoa(binary) };
}

/** A 4.3 MP photo of the synthetic drawing (as the check's unit tests use); `light` below 1 darkens it. */
export async function drawingPhoto(options: SyntheticOptions = {}, light = 1): Promise<DrawingPhoto> {
  const shot = syntheticPhoto({ photoWidth: 2400, photoHeight: 1800, ...options });
  const { width, height, data } = shot.photo;
  const pixels = new ImageData(width, height);
  for (let i = 0; i < data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : data[i]! * light;
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext("2d")!.putImageData(pixels, 0, 0);
  return { shot, file: await asFile(await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 }), "paper.jpg") };
}

/** A file that is not a picture. */
export const textFile = (): Promise<FileToChoose> =>
  asFile(new Blob(["my shopping list"], { type: "text/plain" }), "list.txt");

/** Draws the synthetic template over a canvas the size the check asks for (what the canvas page draws). */
export function renderSyntheticTemplate(canvas: HTMLCanvasElement) {
  const { width, height, data } = syntheticTemplate(SYNTHETIC_PAPER, workingScale(SYNTHETIC_PAPER));
  canvas.getContext("2d")!.putImageData(new ImageData(Uint8ClampedArray.from(data), width, height), 0, 0);
}
