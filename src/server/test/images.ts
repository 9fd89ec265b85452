import zlib from "node:zlib";
import sharp from "sharp";

/** A colourful PNG with shapes and edges, like a small illustration. */
export async function illustrationPng(width = 1200, height = 900): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>
    <circle cx="${width * 0.35}" cy="${height * 0.45}" r="${height * 0.3}" fill="#2bb673" stroke="#14532d" stroke-width="12"/>
    <rect x="${width * 0.55}" y="${height * 0.2}" width="${width * 0.3}" height="${height * 0.5}" rx="40" fill="#f59e0b"/>
    <path d="M ${width * 0.1} ${height * 0.9} Q ${width * 0.5} ${height * 0.6} ${width * 0.9} ${height * 0.9}" stroke="#be185d" stroke-width="30" fill="none"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A tiny PNG file that claims width × height pixels: a decompression bomb for header checks. */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // grey-scale
  // The first rows of zeros, compressed to almost nothing; the rest would follow the same way.
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * 64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A phone photo: a JPEG stored sideways with EXIF orientation 6 (turn 90° clockwise to view),
 * GPS coordinates and a camera make. Stored `width` × `height`; upright it is `height` × `width`.
 * The stored top-left quarter is red, the rest blue, so upright the red quarter is top-right.
 */
export async function phonePhotoJpeg(width = 600, height = 400): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#1d4ed8"/><rect width="${width / 2}" height="${height / 2}" fill="#dc2626"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Pocket 9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 1234/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3900/100",
      },
    })
    .toBuffer();
}
