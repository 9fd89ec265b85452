#!/usr/bin/env node
// Renders the dragon page's "Ready to draw?" tutorial picture: a sheet of paper
// on a warm desk with a light pencil grid (columns A-D, rows 1-3) ruled on it,
// the ruler still lying along the last line, and the first squares of a dragon
// copied in pencil, next to the gridded reference print it is copied from. No
// words are drawn in it (the page says them, in the reader's language). The picture is an SVG built here in code and
// rasterised with sharp (librsvg):
//
//   node scripts/render-tutorial-art.mjs [--png-dir DIR]
//
// Outputs:
//   src/web/assets/tutorial/grid-on-paper.webp      (1200x800)
//   src/web/assets/tutorial/grid-on-paper-600.webp  (600x400)
// With --png-dir, also a lossless PNG copy for review.
//
// The dragon is Microsoft's Fluent Emoji "dragon" (flat style, MIT licence),
// read from the @iconify-json/fluent-emoji-flat dev dependency.

import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { INK, fmt, iconPaths, luminance, pencilFilter, shadowFilter } from "./lib/svg-art.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "src/web/assets/tutorial");

// ---------------------------------------------------------------------------
// Palette and type
// ---------------------------------------------------------------------------

const DESK = "#F6EFE3";
const PAPER = "#FFFCF7";
const ACCENT = "#C2410C";
const GRAPHITE = "#4A4440";
const FONT = "DejaVu Sans, sans-serif";

const W = 1200;
const H = 800;

// ---------------------------------------------------------------------------
// The dragon
// ---------------------------------------------------------------------------

const require = createRequire(import.meta.url);
const iconSet = JSON.parse(await readFile(require.resolve("@iconify-json/fluent-emoji-flat/icons.json"), "utf8"));
const DRAGON = iconSet.icons.dragon.body;
// The artwork spans x 3..30, y 2.1..30 of its 32-unit box: a 28-unit square
// from (2.5, 2) frames it. The 4x3 grid is wider than the dragon, so the
// square is centred in it, leaving half a column free on either side.
const FRAME = { x: 2.5, y: 2, size: 28 };

/** Transform mapping the dragon's FRAME square onto a size x size square at (x, y). */
function frameTransform(x, y, size) {
  const s = size / FRAME.size;
  return `translate(${fmt(x)} ${fmt(y)}) scale(${fmt(s * 1000) / 1000}) translate(${-FRAME.x} ${-FRAME.y})`;
}

// ---------------------------------------------------------------------------
// Filters and small helpers
// ---------------------------------------------------------------------------

function text(
  x,
  y,
  str,
  { size, fill = INK, weight = 400, anchor = "middle", opacity = 1, style = "normal", extra = "" },
) {
  return `<text x="${fmt(x)}" y="${fmt(y)}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" font-style="${style}" fill="${fill}" opacity="${opacity}" text-anchor="${anchor}"${extra}>${str}</text>`;
}

/** Grid lines of a cols x rows grid with square cells at (x, y). */
function gridPath(x, y, cell, cols, rows) {
  const d = [];
  for (let i = 0; i <= cols; i++) d.push(`M${fmt(x + i * cell)} ${fmt(y)}V${fmt(y + rows * cell)}`);
  for (let j = 0; j <= rows; j++) d.push(`M${fmt(x)} ${fmt(y + j * cell)}H${fmt(x + cols * cell)}`);
  return d.join("");
}

/** Letters over the columns and numbers beside the rows (DejaVu caps are ~0.73em tall). */
function gridLabels(x, y, cell, cols, rows, { gap, size, fill, weight = 400, opacity = 1, style = "normal" }) {
  const out = [];
  const mid = size * 0.364;
  for (let i = 0; i < cols; i++)
    out.push(
      text(x + (i + 0.5) * cell, y - gap + mid, String.fromCharCode(65 + i), { size, fill, weight, opacity, style }),
    );
  for (let j = 0; j < rows; j++)
    out.push(text(x - gap, y + (j + 0.5) * cell + mid, String(j + 1), { size, fill, weight, opacity, style }));
  return out.join("\n");
}

// ---------------------------------------------------------------------------
// Props
// ---------------------------------------------------------------------------

/** A wooden pencil, graphite tip at (x, y), body towards `angle` degrees (0 = body to the right). */
function pencilProp(x, y, length, angle, { width = 24, shadow = "" } = {}) {
  const h = width / 2;
  const cone = width * 1.7;
  const lead = cone * 0.32;
  const ferrule = width * 0.95;
  const eraser = width * 0.9;
  const bodyEnd = length - ferrule - eraser;
  const f = shadow ? ` filter="url(#${shadow})"` : "";
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${angle})"${f}>
  <path d="M0 0L${fmt(cone)} ${-h}H${fmt(bodyEnd)}V${h}H${fmt(cone)}Z" fill="#EAC79A"/>
  <rect x="${fmt(cone)}" y="${-h}" width="${fmt(bodyEnd - cone)}" height="${width}" fill="#F2B33D"/>
  <rect x="${fmt(cone)}" y="${-h}" width="${fmt(bodyEnd - cone)}" height="${fmt(width * 0.3)}" fill="#F8CD6A"/>
  <rect x="${fmt(cone)}" y="${fmt(h - width * 0.28)}" width="${fmt(bodyEnd - cone)}" height="${fmt(width * 0.28)}" fill="#D4922A"/>
  <text x="${fmt(bodyEnd - 18)}" y="${fmt(h * 0.42)}" font-family="${FONT}" font-size="${fmt(width * 0.5)}" font-weight="700" fill="${INK}" opacity="0.55" text-anchor="end">HB</text>
  <path d="M${fmt(cone)} ${-h}C${fmt(cone - 5)} ${fmt(-h * 0.4)} ${fmt(cone - 5)} ${fmt(h * 0.4)} ${fmt(cone)} ${h}Z" fill="#EAC79A"/>
  <path d="M0 0L${fmt(lead)} ${fmt(-h * 0.32)}V${fmt(h * 0.32)}Z" fill="#3A332D"/>
  <rect x="${fmt(bodyEnd)}" y="${-h - 0.5}" width="${fmt(ferrule)}" height="${width + 1}" fill="#CFC8BD"/>
  <path d="M${fmt(bodyEnd + ferrule * 0.3)} ${-h - 0.5}v${width + 1}M${fmt(bodyEnd + ferrule * 0.6)} ${-h - 0.5}v${width + 1}" stroke="#A59D91" stroke-width="1.5"/>
  <path d="M${fmt(bodyEnd + ferrule)} ${-h}H${fmt(length - 6)}a6 6 0 0 1 6 6V${h - 6}a6 6 0 0 1 -6 6H${fmt(bodyEnd + ferrule)}Z" fill="#E9A597"/>
</g>`;
}

/** A clear-ish wooden ruler whose top edge runs from (x, y) for `length`, ticks along that edge. */
function rulerProp(x, y, length, { height = 52, step = 10, shadow = "" } = {}) {
  const ticks = [];
  const numbers = [];
  for (let i = 1, t = step; t < length - 6; i++, t += step) {
    const long = i % 5 === 0;
    ticks.push(`M${fmt(t)} 0v${long ? 16 : 9}`);
    if (i % 10 === 0) numbers.push(text(t, 31, String(i / 10), { size: 12, fill: INK, opacity: 0.7 }));
  }
  const f = shadow ? ` filter="url(#${shadow})"` : "";
  return `<g transform="translate(${fmt(x)} ${fmt(y)})"${f}>
  <rect width="${length}" height="${height}" rx="4" fill="#F0D9AC"/>
  <rect y="${height - 8}" width="${length}" height="8" rx="4" fill="#E0BF86"/>
  <rect width="${length}" height="3" fill="#F8E8C8"/>
  <path d="${ticks.join("")}" stroke="${INK}" stroke-width="1.4" opacity="0.72"/>
  ${numbers.join("")}
</g>`;
}

/** A block eraser in a paper sleeve, centred on (x, y). */
function eraserProp(x, y, angle, { shadow = "" } = {}) {
  const f = shadow ? ` filter="url(#${shadow})"` : "";
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${angle})"${f}>
  <rect x="-62" y="-24" width="124" height="48" rx="6" fill="#F6F1EA"/>
  <rect x="-62" y="19" width="124" height="5" rx="2.5" fill="#E4DCD0"/>
  <rect x="-20" y="-24.5" width="82" height="49" fill="${INK}"/>
  <rect x="-20" y="-24.5" width="82" height="9" fill="#4A3D31"/>
  <rect x="-4" y="-3.5" width="50" height="7" rx="3.5" fill="${PAPER}" opacity="0.85"/>
</g>`;
}

// ---------------------------------------------------------------------------
// Pencil copy of the dragon
// ---------------------------------------------------------------------------

function pencilDragonDefs(id, size, seed) {
  const u = FRAME.size / size; // icon units per pixel
  const gap = 4.2 * u;
  const w = 0.95 * u;
  const line = (o) =>
    `<line x1="0" y1="${fmt(gap / 2)}" x2="${fmt(gap)}" y2="${fmt(gap / 2)}" stroke="${GRAPHITE}" stroke-width="${w}" opacity="${o}"/>`;
  return `<pattern id="${id}-light" patternUnits="userSpaceOnUse" width="${gap}" height="${gap}" patternTransform="rotate(-38)">${line(0.42)}</pattern>
<pattern id="${id}-mid" patternUnits="userSpaceOnUse" width="${gap}" height="${gap}" patternTransform="rotate(-38)">${line(0.6)}<line x1="${fmt(gap / 2)}" y1="0" x2="${fmt(gap / 2)}" y2="${fmt(gap)}" stroke="${GRAPHITE}" stroke-width="${w}" opacity="0.45"/></pattern>
${pencilFilter(`${id}-pencil`, { seed, wobble: 2.6, grain: 0.7 })}
${pencilFilter(`${id}-sketch`, { seed: seed + 5, wobble: 4.5, grain: 0.9 })}
<filter id="${id}-patchy" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB">
  <feTurbulence type="fractalNoise" baseFrequency="${fmt((0.014 * size) / FRAME.size)}" numOctaves="2" seed="${seed + 40}" result="noise"/>
  <feColorMatrix in="noise" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  3 0 0 0 -0.6" result="mask"/>
  <feComposite in="SourceGraphic" in2="mask" operator="in"/>
</filter>`;
}

/**
 * Graphite outlines of the dragon's shapes, mid-tones hatched, the darkest
 * bits filled, plus a faint loose construction pass; clipped to `clip`.
 */
function pencilDragon(id, x, y, size, clip, { outlineOnly = false } = {}) {
  const u = FRAME.size / size;
  const lw = 2.1 * u;
  const paths = iconPaths(DRAGON);
  const shapes = paths
    .map(({ fill, d }) => {
      const l = luminance(fill);
      const solid = l < 0.08;
      const shade = l < 0.3 ? `url(#${id}-mid)` : l < 0.55 ? `url(#${id}-light)` : "";
      if (outlineOnly) {
        return `<path d="${d}" fill="${PAPER}"/><path d="${d}" fill="none" stroke="${GRAPHITE}" stroke-width="${fmt(lw)}" stroke-linejoin="round" stroke-linecap="round"/>`;
      }
      return [
        `<path d="${d}" fill="${solid ? GRAPHITE : PAPER}"/>`,
        shade && !solid ? `<path d="${d}" fill="${shade}" filter="url(#${id}-patchy)"/>` : "",
        `<path d="${d}" fill="none" stroke="${GRAPHITE}" stroke-width="${fmt(lw)}" stroke-linejoin="round" stroke-linecap="round"/>`,
      ].join("");
    })
    .join("\n");
  const loose = paths
    .map(({ d }) => `<path d="${d}" fill="none" stroke="${GRAPHITE}" stroke-width="${fmt(lw * 0.6)}"/>`)
    .join("");
  const main = `<g filter="url(#${id}-pencil)"><g transform="${frameTransform(x, y, size)}">${shapes}</g></g>`;
  const sketch = outlineOnly
    ? ""
    : `<g filter="url(#${id}-sketch)" opacity="0.22"><g transform="${frameTransform(x + size * 0.004, y - size * 0.003, size)}">${loose}</g></g>`;
  return `<g clip-path="url(#${clip})">${main}${sketch}</g>`;
}

// ---------------------------------------------------------------------------
// The picture
// ---------------------------------------------------------------------------

function picture() {
  const cols = 4;
  const rows = 3;

  // Sheet of paper, turned slightly on the desk. Everything drawn on it lives
  // in the sheet's own coordinates inside one rotated group.
  const sheet = { x: 70, y: 62, w: 700, h: 650, angle: -2.2 };
  const cell = 128;
  const gx = sheet.x + 112;
  const gy = sheet.y + 112;
  const gw = cols * cell;
  const gh = rows * cell;
  // The dragon's square spans the grid's height, centred across its width.
  const dSize = gh;
  const dx = gx + (gw - dSize) / 2;
  const dy = gy;
  // Squares copied so far: A1, B1, C1 and A2. B2 is under way: its outlines
  // are drawn up to the pencil tip, its shading comes later.
  const hot = { col: 1, row: 1 };
  const done = `<rect x="${gx}" y="${gy}" width="${3 * cell}" height="${cell}"/>
<rect x="${gx}" y="${gy + cell}" width="${cell}" height="${cell}"/>`;
  const progress = 0.5; // how far across B2 the outlines have got
  const doing = `<rect x="${gx + cell}" y="${gy + cell}" width="${fmt(cell * progress)}" height="${cell}"/>`;
  const tip = { x: gx + cell * (1 + progress), y: gy + cell * 1.815 }; // sheet coords

  const rulerY = gy + gh; // its top edge lies along the bottom grid line
  const rulerX = sheet.x - 40;
  const rulerLen = gw + 250;

  const cx = sheet.x + sheet.w / 2;
  const cy = sheet.y + sheet.h / 2;
  const a = (sheet.angle * Math.PI) / 180;
  const onDesk = (p) => ({
    x: cx + (p.x - cx) * Math.cos(a) - (p.y - cy) * Math.sin(a),
    y: cy + (p.x - cx) * Math.sin(a) + (p.y - cy) * Math.cos(a),
  });
  const tipDesk = onDesk(tip);

  // The reference print the learner copies from, taped to the desk at right.
  const ref = { x: 878, y: 132, cell: 68, pad: 44, angle: 3.5 };
  const rw = ref.cell * cols;
  const rh = ref.cell * rows;
  const card = { x: ref.x - ref.pad, y: ref.y - ref.pad, w: rw + ref.pad + 24, h: rh + ref.pad + 24 };
  const rcx = card.x + card.w / 2;
  const rcy = card.y + card.h / 2;
  const refDragon = `<g clip-path="url(#ref-clip)"><g transform="${frameTransform(ref.x + (rw - rh) / 2, ref.y, rh)}">${DRAGON}</g></g>`;

  const tape = (x, y, angle) =>
    `<rect x="-36" y="-13" width="72" height="26" transform="translate(${x} ${y}) rotate(${angle})" fill="#EADBC2" opacity="0.85"/>`;

  // Faint wood grain on the desk.
  const grain = [];
  for (let i = 0, y = 24; y < H; i++, y += 46 + ((i * 17) % 23)) {
    const w1 = 6 + ((i * 7) % 9);
    grain.push(`M0 ${y}C${300} ${y - w1} ${600} ${y + w1} ${900} ${y - w1 * 0.6}S${1150} ${y + w1 * 0.4} ${W} ${y}`);
  }

  const defs = `
${shadowFilter("sheet-shadow", { dy: 9, blur: 12, opacity: 0.15 })}
${shadowFilter("card-shadow", { dy: 4, blur: 6, opacity: 0.15 })}
${shadowFilter("prop-shadow", { dy: 7, blur: 5, opacity: 0.22 })}
${pencilFilter("grid-pencil", { seed: 7, wobble: 1.5, grain: 0.5 })}
${pencilFilter("hand", { seed: 19, wobble: 2.2, grain: 0.3 })}
${pencilDragonDefs("copy", dSize, 5)}
<radialGradient id="desk" cx="0.42" cy="0.4" r="0.85"><stop offset="0" stop-color="#FBF7F0"/><stop offset="0.55" stop-color="${DESK}"/><stop offset="1" stop-color="#EFE4D2"/></radialGradient>
<clipPath id="done">${done}</clipPath>
<clipPath id="doing">${doing}</clipPath>
<clipPath id="ref-clip"><rect x="${ref.x}" y="${ref.y}" width="${rw}" height="${rh}"/></clipPath>`;

  const content = `
<rect width="${W}" height="${H}" fill="url(#desk)"/>
<path d="${grain.join("")}" fill="none" stroke="#C9AE86" stroke-width="2" opacity="0.13"/>

<!-- reference print with its grid; the square being copied is outlined -->
<g transform="rotate(${ref.angle} ${rcx} ${rcy})">
  <g filter="url(#card-shadow)"><rect x="${card.x}" y="${card.y}" width="${card.w}" height="${card.h}" rx="4" fill="#FFFFFF"/></g>
  <rect x="${ref.x}" y="${ref.y}" width="${rw}" height="${rh}" fill="#FFF3E4"/>
  ${refDragon}
  <path d="${gridPath(ref.x, ref.y, ref.cell, cols, rows)}" fill="none" stroke="${INK}" stroke-width="1.6" opacity="0.5"/>
  <rect x="${ref.x + hot.col * ref.cell}" y="${ref.y + hot.row * ref.cell}" width="${ref.cell}" height="${ref.cell}" fill="none" stroke="${ACCENT}" stroke-width="3.5"/>
  ${gridLabels(ref.x, ref.y, ref.cell, cols, rows, { gap: 22, size: 19, fill: INK, weight: 700, opacity: 0.85 })}
  ${tape(card.x + 22, card.y + 8, -32)}
  ${tape(card.x + card.w - 18, card.y + card.h - 6, -28)}
</g>

${eraserProp(1010, 600, -14, { shadow: "prop-shadow" })}

<!-- the sheet of paper -->
<g transform="rotate(${sheet.angle} ${cx} ${cy})">
  <g filter="url(#sheet-shadow)"><rect x="${sheet.x}" y="${sheet.y}" width="${sheet.w}" height="${sheet.h}" rx="3" fill="${PAPER}"/></g>
  ${pencilDragon("copy", dx, dy, dSize, "done")}
  ${pencilDragon("copy", dx, dy, dSize, "doing", { outlineOnly: true })}
  <path d="${gridPath(gx, gy, cell, cols, rows)}" fill="none" stroke="${GRAPHITE}" stroke-width="1.6" opacity="0.5" stroke-linecap="round" filter="url(#grid-pencil)"/>
  <rect x="${gx + hot.col * cell}" y="${gy + hot.row * cell}" width="${cell}" height="${cell}" fill="none" stroke="${ACCENT}" stroke-width="2.5" stroke-dasharray="9 7" opacity="0.85"/>
  <g filter="url(#grid-pencil)">${gridLabels(gx, gy, cell, cols, rows, { gap: 34, size: 30, fill: GRAPHITE, opacity: 0.85 })}</g>
  ${rulerProp(rulerX, rulerY, rulerLen, { shadow: "prop-shadow" })}
</g>

${pencilProp(tipDesk.x, tipDesk.y, 300, 25, { width: 24, shadow: "prop-shadow" })}
`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>${defs}</defs>
${content}
</svg>`;
}

// ---------------------------------------------------------------------------
// Render
// ---------------------------------------------------------------------------

const pngDirArg = process.argv.indexOf("--png-dir");
const pngDir = pngDirArg > 0 ? process.argv[pngDirArg + 1] : null;

async function main() {
  await mkdir(outDir, { recursive: true });
  const png = await sharp(Buffer.from(picture())).png().toBuffer();
  if (pngDir) {
    await mkdir(pngDir, { recursive: true });
    await writeFile(path.join(pngDir, "grid-on-paper.png"), png);
  }
  const full = path.join(outDir, "grid-on-paper.webp");
  const small = path.join(outDir, "grid-on-paper-600.webp");
  await sharp(png).resize(W, H).webp({ quality: 80, smartSubsample: true, effort: 6 }).toFile(full);
  await sharp(png)
    .resize(W / 2, H / 2, { kernel: "lanczos3" })
    .webp({ quality: 80, smartSubsample: true, effort: 6 })
    .toFile(small);
  for (const file of [full, small]) {
    const { size } = await stat(file);
    console.log(`${path.relative(root, file)}  ${size} bytes`);
  }
}

await main();
