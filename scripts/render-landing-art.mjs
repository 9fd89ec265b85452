#!/usr/bin/env node
// Renders the landing page's promotional pictures, the social card and the
// favicons. Every picture is an SVG built here in code and rasterised with
// sharp (librsvg), so the art can be regenerated and tweaked in one place:
//
//   node scripts/render-landing-art.mjs
//
// Outputs:
//   src/web/assets/landing/i-drew-this.webp      (1200x900) + i-drew-this-600.webp (600x450)
//   src/web/assets/landing/easy-as-123.webp      (1200x460) + easy-as-123-600.webp (600x230)
//   src/web/public/og-image.png                  (1200x630, English) + og-image-<locale>.png per language
//
// The landing pictures carry no words (only the grid's printed labels, A-D and 1-4): the landing
// page says what they show as text, in the reader's language. The social cards do carry words,
// the site's name and tagline, so there is one per language, the tagline read from the language's
// public catalog (src/web/locales/<locale>/public.po) and set by Pango: Arabic shaped and right to
// left, Japanese and Chinese in Noto Sans CJK (fonts-noto-cjk; the PNGs are committed, so only
// whoever renders them needs the fonts).
//   src/web/public/favicon.svg
//   src/web/public/apple-touch-icon.png          (180x180)
//
// The dragon artwork is Microsoft's Fluent Emoji (flat style, MIT licence),
// read from the @iconify-json/fluent-emoji-flat dev dependency. See
// src/web/assets/landing/LICENSE.md.

import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { INK, fmt, iconPaths, luminance, pencilFilter, shadowFilter } from "./lib/svg-art.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const landingDir = path.join(root, "src/web/assets/landing");
const publicDir = path.join(root, "src/web/public");

// ---------------------------------------------------------------------------
// Palette and type
// ---------------------------------------------------------------------------

const PAPER = "#FFFCF7";
const ACCENT = "#D9541E";
const GRAPHITE = "#4A4440"; // pencil lines
const DESK = "#EFE5D8"; // warm backdrop behind paper
const FONT = "DejaVu Sans, sans-serif";

// The languages of src/shared/i18n/locales.ts, and their directions.
const LOCALES = [
  { code: "en", dir: "ltr" },
  { code: "es", dir: "ltr" },
  { code: "pt-BR", dir: "ltr" },
  { code: "fr", dir: "ltr" },
  { code: "de", dir: "ltr" },
  { code: "ja", dir: "ltr" },
  { code: "zh-Hans", dir: "ltr" },
  { code: "ar", dir: "rtl" },
];

// ---------------------------------------------------------------------------
// Fluent Emoji icon data
// ---------------------------------------------------------------------------

const require = createRequire(import.meta.url);
const PO = require("pofile");
const iconSet = JSON.parse(await readFile(require.resolve("@iconify-json/fluent-emoji-flat/icons.json"), "utf8"));

function icon(name) {
  const data = iconSet.icons[name];
  if (!data) throw new Error(`fluent-emoji-flat has no icon "${name}"`);
  return { body: data.body, width: data.width ?? iconSet.width ?? 32, height: data.height ?? iconSet.height ?? 32 };
}

const DRAGON = icon("dragon");
// The part of the dragon's 32x32 box that the grid covers: the artwork spans
// x 3..30, y 2.1..30, so a 28-unit square from (2,2) frames it evenly and
// splits into four 7-unit columns and rows.
const FRAME = { x: 2, y: 2, size: 28 };

/** Transform mapping the dragon's FRAME square onto a size x size square at (x, y). */
function frameTransform(x, y, size) {
  const s = size / FRAME.size;
  return `translate(${x} ${y}) scale(${s}) translate(${-FRAME.x} ${-FRAME.y})`;
}

// ---------------------------------------------------------------------------
// Small SVG helpers
// ---------------------------------------------------------------------------

function svgDoc(width, height, defs, content) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${defs}</defs>
${content}
</svg>`;
}

/** Text centred on (cx, cy): DejaVu Sans caps and digits are ~0.73em tall. */
function centredText(cx, cy, text, { size, fill = INK, weight = 400, opacity = 1 }) {
  return `<text x="${fmt(cx)}" y="${fmt(cy + size * 0.364)}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" opacity="${opacity}" text-anchor="middle">${text}</text>`;
}

/** Hatching patterns for pencil shading, in the dragon's 32-unit space. */
function hatchPatterns(prefix, unitsPerPx) {
  const gap = 4.2 * unitsPerPx;
  const w = 0.95 * unitsPerPx;
  const line = (o) =>
    `<line x1="0" y1="${fmt(gap / 2)}" x2="${fmt(gap)}" y2="${fmt(gap / 2)}" stroke="${GRAPHITE}" stroke-width="${w}" opacity="${o}"/>`;
  return `<pattern id="${prefix}-light" patternUnits="userSpaceOnUse" width="${gap}" height="${gap}" patternTransform="rotate(-38)">${line(0.42)}</pattern>
<pattern id="${prefix}-mid" patternUnits="userSpaceOnUse" width="${gap}" height="${gap}" patternTransform="rotate(-38)">${line(0.6)}<line x1="${fmt(gap / 2)}" y1="0" x2="${fmt(gap / 2)}" y2="${fmt(gap)}" stroke="${GRAPHITE}" stroke-width="${w}" opacity="0.45"/></pattern>`;
}

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

/** The colour dragon with its FRAME square at (x, y, size). */
function colourDragon(x, y, size) {
  return `<g transform="${frameTransform(x, y, size)}">${DRAGON.body}</g>`;
}

/**
 * Defs needed by pencilDragon(): call once per SVG with a unique id and the
 * size the drawing will be rendered at.
 */
function pencilDragonDefs(id, size, seed = 3) {
  const unitsPerPx = FRAME.size / size;
  return `${hatchPatterns(`${id}-hatch`, unitsPerPx)}
${pencilFilter(`${id}-pencil`, { seed, wobble: 2.6, grain: 0.7 })}
${pencilFilter(`${id}-sketch`, { seed: seed + 5, wobble: 4.5, grain: 0.9 })}
<filter id="${id}-patchy" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB">
  <feTurbulence type="fractalNoise" baseFrequency="${fmt((0.014 * size) / FRAME.size)}" numOctaves="2" seed="${seed + 40}" result="noise"/>
  <feColorMatrix in="noise" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  3 0 0 0 -0.6" result="mask"/>
  <feComposite in="SourceGraphic" in2="mask" operator="in"/>
</filter>`;
}

/**
 * A pencil copy of the dragon: each coloured shape becomes a graphite outline,
 * mid-tones are hatched, the darkest bits (eye, nostril) are filled in, and a
 * faint second pass adds the loose construction lines of a real sketch.
 * `paper` is the colour under the drawing (shapes are filled with it so that
 * hidden outlines stay hidden, as they would in a drawing).
 */
function pencilDragon(id, x, y, size, { paper = PAPER, clip = "" } = {}) {
  const unitsPerPx = FRAME.size / size;
  const line = 1.7 * unitsPerPx;
  const clipAttr = clip ? ` clip-path="url(#${clip})"` : "";
  const shapes = iconPaths(DRAGON.body)
    .map(({ fill, d }) => {
      const l = luminance(fill);
      const shade = l < 0.08 ? GRAPHITE : l < 0.3 ? `url(#${id}-hatch-mid)` : l < 0.55 ? `url(#${id}-hatch-light)` : "";
      const solid = l < 0.08;
      return [
        `<path d="${d}" fill="${solid ? GRAPHITE : paper}"/>`,
        shade && !solid ? `<path d="${d}" fill="${shade}" filter="url(#${id}-patchy)"/>` : "",
        `<path d="${d}" fill="none" stroke="${GRAPHITE}" stroke-width="${fmt(line)}" stroke-linejoin="round" stroke-linecap="round"/>`,
      ].join("");
    })
    .join("\n");
  const loose = iconPaths(DRAGON.body)
    .map(({ d }) => `<path d="${d}" fill="none" stroke="${GRAPHITE}" stroke-width="${fmt(line * 0.6)}"/>`)
    .join("");
  return `<g${clipAttr}>
<g filter="url(#${id}-pencil)"><g transform="${frameTransform(x, y, size)}">${shapes}</g></g>
<g filter="url(#${id}-sketch)" opacity="0.2"><g transform="${frameTransform(x + size * 0.004, y - size * 0.003, size)}">${loose}</g></g>
</g>`;
}

/**
 * A cols x rows grid at (x, y) with square cells, plus optional labels:
 * letters centred over each column and numbers centred beside each row.
 */
function grid({
  x,
  y,
  cell,
  cols = 4,
  rows = 4,
  stroke = INK,
  width = 1.5,
  opacity = 0.5,
  border = true,
  filter = "",
}) {
  const w = cols * cell;
  const h = rows * cell;
  const lines = [];
  for (let i = border ? 0 : 1; i <= (border ? cols : cols - 1); i++)
    lines.push(`M${fmt(x + i * cell)} ${fmt(y)}V${fmt(y + h)}`);
  for (let j = border ? 0 : 1; j <= (border ? rows : rows - 1); j++)
    lines.push(`M${fmt(x)} ${fmt(y + j * cell)}H${fmt(x + w)}`);
  const f = filter ? ` filter="url(#${filter})"` : "";
  return `<path d="${lines.join("")}" fill="none" stroke="${stroke}" stroke-width="${width}" opacity="${opacity}" stroke-linecap="square"${f}/>`;
}

function gridLabels({
  x,
  y,
  cell,
  cols = 4,
  rows = 4,
  gap = 16,
  size = 18,
  fill = INK,
  opacity = 1,
  weight = 700,
  highlight = null,
}) {
  const out = [];
  for (let i = 0; i < cols; i++) {
    const letter = String.fromCharCode(65 + i);
    const hot = highlight && highlight.col === i;
    out.push(
      centredText(x + (i + 0.5) * cell, y - gap, letter, {
        size,
        fill: hot ? ACCENT : fill,
        weight,
        opacity: hot ? 1 : opacity,
      }),
    );
  }
  for (let j = 0; j < rows; j++) {
    const hot = highlight && highlight.row === j;
    out.push(
      centredText(x - gap, y + (j + 0.5) * cell, String(j + 1), {
        size,
        fill: hot ? ACCENT : fill,
        weight,
        opacity: hot ? 1 : opacity,
      }),
    );
  }
  return out.join("\n");
}

/** Accent outline (and faint wash) around one cell. */
function cellHighlight(x, y, cell, col, row, { width = 4, wash = 0.1 } = {}) {
  const cx = x + col * cell;
  const cy = y + row * cell;
  return `<rect x="${fmt(cx)}" y="${fmt(cy)}" width="${fmt(cell)}" height="${fmt(cell)}" fill="${ACCENT}" fill-opacity="${wash}" stroke="${ACCENT}" stroke-width="${width}" stroke-linejoin="round"/>`;
}

/**
 * A wooden pencil drawn as simple shapes, its graphite tip at (x, y), lying at
 * `angle` degrees (0 = pointing left, body to the right of the tip).
 */
function pencilProp(x, y, length, angle, { width = 20, shadow = "" } = {}) {
  const h = width / 2;
  const cone = width * 1.7;
  const lead = cone * 0.32;
  const ferrule = width * 0.95;
  const eraser = width * 0.9;
  const bodyEnd = length - ferrule - eraser;
  const f = shadow ? ` filter="url(#${shadow})"` : "";
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${angle})"${f}>
  <path d="M0 0L${fmt(cone)} ${-h}H${fmt(bodyEnd)}V${h}H${fmt(cone)}Z" fill="#EAC79A"/>
  <path d="M${fmt(cone)} ${-h}L${fmt(cone - 3)} ${fmt(-h * 0.5)}L${fmt(cone)} 0L${fmt(cone - 3)} ${fmt(h * 0.5)}L${fmt(cone)} ${h}" fill="none" stroke="#D2AC7C" stroke-width="1"/>
  <rect x="${fmt(cone)}" y="${-h}" width="${fmt(bodyEnd - cone)}" height="${width}" fill="${ACCENT}"/>
  <rect x="${fmt(cone)}" y="${-h}" width="${fmt(bodyEnd - cone)}" height="${fmt(width * 0.3)}" fill="#EB7A47"/>
  <rect x="${fmt(cone)}" y="${fmt(h - width * 0.28)}" width="${fmt(bodyEnd - cone)}" height="${fmt(width * 0.28)}" fill="#B44418"/>
  <path d="M${fmt(cone)} ${-h}C${fmt(cone - 4)} ${fmt(-h * 0.4)} ${fmt(cone - 4)} ${fmt(h * 0.4)} ${fmt(cone)} ${h}Z" fill="#EAC79A"/>
  <path d="M0 0L${fmt(lead)} ${fmt(-h * 0.32)}V${fmt(h * 0.32)}Z" fill="#3A332D"/>
  <rect x="${fmt(bodyEnd)}" y="${-h - 0.5}" width="${fmt(ferrule)}" height="${width + 1}" fill="#CFC8BD"/>
  <path d="M${fmt(bodyEnd + ferrule * 0.3)} ${-h - 0.5}v${width + 1}M${fmt(bodyEnd + ferrule * 0.6)} ${-h - 0.5}v${width + 1}" stroke="#A59D91" stroke-width="1.5"/>
  <path d="M${fmt(bodyEnd + ferrule)} ${-h}H${fmt(length - 5)}a5 5 0 0 1 5 5V${h - 5}a5 5 0 0 1 -5 5H${fmt(bodyEnd + ferrule)}Z" fill="#E9A597"/>
</g>`;
}

/** A wooden ruler, top-left corner at (x, y), with ticks along its top edge. */
function rulerProp(x, y, length, angle, { height = 34, step = 9, shadow = "" } = {}) {
  const ticks = [];
  for (let i = 1, t = step; t < length - 4; i++, t += step) {
    const long = i % 5 === 0;
    ticks.push(`M${fmt(t)} 0v${long ? 12 : 7}`);
  }
  const f = shadow ? ` filter="url(#${shadow})"` : "";
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${angle})"${f}>
  <rect width="${length}" height="${height}" rx="3" fill="#F0D9AC"/>
  <rect y="${height - 6}" width="${length}" height="6" rx="3" fill="#E3C48E"/>
  <path d="${ticks.join("")}" stroke="${INK}" stroke-width="1.3" opacity="0.7"/>
</g>`;
}

/** A block eraser in a paper sleeve, centred on (x, y). */
function eraserProp(x, y, angle, { shadow = "" } = {}) {
  const f = shadow ? ` filter="url(#${shadow})"` : "";
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) rotate(${angle})"${f}>
  <rect x="-52" y="-20" width="104" height="40" rx="5" fill="#F6F1EA"/>
  <rect x="-52" y="16" width="104" height="4" rx="2" fill="#E4DCD0"/>
  <rect x="-18" y="-20.5" width="70" height="41" fill="${INK}"/>
  <rect x="-18" y="-20.5" width="70" height="8" fill="#4A3D31"/>
  <rect x="-4" y="-3" width="42" height="6" rx="3" fill="${PAPER}" opacity="0.85"/>
</g>`;
}

// ---------------------------------------------------------------------------
// Picture 1: "I drew this dragon - it was easy"
// ---------------------------------------------------------------------------

function iDrewThis() {
  const W = 1200;
  const H = 900;
  // Sketchbook spread with a spiral binding down the middle.
  const book = { x: 70, y: 84, w: 1060, h: 732 };
  const mid = W / 2;
  const page = { w: (book.w - 24) / 2 };
  const leftX = book.x;
  const rightX = mid + 12;

  // Both grids share geometry so the copy lines up with the reference.
  const cell = 92;
  const gridSize = cell * 4;
  const gridY = 236;
  const leftGridX = leftX + (page.w - gridSize) / 2 + 12;
  const rightGridX = rightX + (page.w - gridSize) / 2 + 12;

  // The printed reference is a white photo-paper card taped to the page.
  const print = { x: leftGridX - 52, y: gridY - 56, w: gridSize + 52 + 24, h: gridSize + 56 + 26 };

  const rings = [];
  for (let ry = book.y + 34; ry < book.y + book.h - 20; ry += 34) {
    rings.push(`<rect x="${mid - 15}" y="${ry - 5}" width="30" height="10" rx="5" fill="none" stroke="#6E655C" stroke-width="3.2"/>
<circle cx="${mid - 21}" cy="${ry}" r="3.4" fill="#D8CCBD"/><circle cx="${mid + 21}" cy="${ry}" r="3.4" fill="#D8CCBD"/>`);
  }

  const tape = (cx, cy, angle) =>
    `<rect x="${-36}" y="${-13}" width="72" height="26" transform="translate(${cx} ${cy}) rotate(${angle})" fill="#EADBC2" opacity="0.82"/>`;

  const defs = `
${shadowFilter("book-shadow", { dy: 10, blur: 14, opacity: 0.2 })}
${shadowFilter("print-shadow", { dy: 3, blur: 4, opacity: 0.16 })}
${shadowFilter("prop-shadow", { dy: 7, blur: 5, opacity: 0.22 })}
${pencilDragonDefs("copy", gridSize, 4)}
${pencilFilter("grid-pencil", { seed: 21, wobble: 1.6, grain: 0.55 })}
<linearGradient id="gutter-l" x1="0" x2="1"><stop offset="0.82" stop-color="${INK}" stop-opacity="0"/><stop offset="1" stop-color="${INK}" stop-opacity="0.09"/></linearGradient>
<linearGradient id="gutter-r" x1="1" x2="0"><stop offset="0.82" stop-color="${INK}" stop-opacity="0"/><stop offset="1" stop-color="${INK}" stop-opacity="0.09"/></linearGradient>
<radialGradient id="desk" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="#F4ECE1"/><stop offset="1" stop-color="${DESK}"/></radialGradient>
<clipPath id="ref-clip"><rect x="${leftGridX}" y="${gridY}" width="${gridSize}" height="${gridSize}"/></clipPath>`;

  const content = `
<rect width="${W}" height="${H}" fill="url(#desk)"/>
<g filter="url(#book-shadow)">
  <rect x="${leftX}" y="${book.y}" width="${page.w}" height="${book.h}" rx="6" fill="${PAPER}"/>
  <rect x="${rightX}" y="${book.y}" width="${page.w}" height="${book.h}" rx="6" fill="${PAPER}"/>
</g>
<rect x="${leftX}" y="${book.y}" width="${page.w}" height="${book.h}" rx="6" fill="url(#gutter-l)"/>
<rect x="${rightX}" y="${book.y}" width="${page.w}" height="${book.h}" rx="6" fill="url(#gutter-r)"/>
${rings.join("\n")}

<!-- left page: the reference picture, printed and taped in -->
<g filter="url(#print-shadow)"><rect x="${print.x}" y="${print.y}" width="${print.w}" height="${print.h}" fill="#FFFFFF"/></g>
<rect x="${leftGridX}" y="${gridY}" width="${gridSize}" height="${gridSize}" fill="#FFF6EA"/>
<g clip-path="url(#ref-clip)">${colourDragon(leftGridX, gridY, gridSize)}</g>
${grid({ x: leftGridX, y: gridY, cell, stroke: INK, width: 1.6, opacity: 0.42 })}
${gridLabels({ x: leftGridX, y: gridY, cell, gap: 24, size: 19, fill: INK, opacity: 0.85 })}
${tape(print.x + 14, print.y + 6, -32)}
${tape(print.x + print.w - 14, print.y + 8, 30)}

<!-- right page: the pencil copy over a light pencil grid -->
${pencilDragon("copy", rightGridX, gridY, gridSize, { paper: PAPER })}
${grid({ x: rightGridX, y: gridY, cell, stroke: GRAPHITE, width: 1.3, opacity: 0.38, filter: "grid-pencil" })}
${gridLabels({ x: rightGridX, y: gridY, cell, gap: 24, size: 19, fill: GRAPHITE, opacity: 0.7, weight: 400 })}

${eraserProp(leftX + 330, gridY + gridSize + 108, -9, { shadow: "prop-shadow" })}
${pencilProp(rightGridX + 236, gridY + gridSize + 96, 330, -16, { width: 20, shadow: "prop-shadow" })}
`;
  return svgDoc(W, H, defs, content);
}

// ---------------------------------------------------------------------------
// Picture 2: "Easy as 1-2-3 using the grid method": three panels, no words
// ---------------------------------------------------------------------------

// The landing page lays its list of steps out in columns under the panels: each panel is 30% of the
// width with 2.5% around it (landing-page.tsx's grid columns 1fr 12fr 1fr 12fr 1fr 12fr 1fr).
const EASY_W = 1200;
const EASY_H = 460;

function easyAs123() {
  const W = EASY_W;
  const H = EASY_H;
  const card = 360;
  const gapX = (W - 3 * card) / 4;
  const cardY = 40;
  const cell = 72;
  const gridSize = cell * 4;
  const gutter = 34; // room for labels left of and above the grid
  const padX = (card - gridSize - gutter) / 2 + gutter;
  const padY = (card - gridSize - gutter) / 2 + gutter;
  const hot = { col: 2, row: 2 }; // cell C3: the square being copied in panel 3

  const panels = [0, 1, 2].map((i) => {
    const x = gapX + i * (card + gapX);
    return { x, y: cardY, gx: x + padX, gy: cardY + padY };
  });
  const [p1, p2, p3] = panels;

  const defs = `
${shadowFilter("card-shadow", { dy: 6, blur: 9, opacity: 0.16 })}
${shadowFilter("prop-shadow", { dy: 6, blur: 4, opacity: 0.22 })}
${pencilFilter("grid-pencil", { seed: 31, wobble: 1.4, grain: 0.5 })}
${pencilDragonDefs("p3", gridSize, 8)}
<radialGradient id="desk" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="#F4ECE1"/><stop offset="1" stop-color="${DESK}"/></radialGradient>
<clipPath id="p1-clip"><rect x="${p1.gx}" y="${p1.gy}" width="${gridSize}" height="${gridSize}"/></clipPath>
<clipPath id="p3-done">
  <rect x="${p3.gx}" y="${p3.gy}" width="${gridSize}" height="${cell * hot.row}"/>
  <rect x="${p3.gx}" y="${p3.gy + cell * hot.row}" width="${cell * (hot.col + 0.5)}" height="${cell}"/>
</clipPath>`;

  const cardRect = (p) =>
    `<g filter="url(#card-shadow)"><rect x="${p.x}" y="${p.y}" width="${card}" height="${card}" rx="8" fill="${PAPER}"/></g>`;

  // Panel 2: the last row line is being ruled: it stops where the pencil is.
  const p2Lines = (() => {
    const vertical = [];
    for (let i = 0; i <= 4; i++) vertical.push(`M${p2.gx + i * cell} ${p2.gy}V${p2.gy + gridSize}`);
    const horizontal = [];
    for (let j = 0; j <= 3; j++) horizontal.push(`M${p2.gx} ${p2.gy + j * cell}H${p2.gx + gridSize}`);
    const partialEnd = p2.gx + gridSize * 0.62;
    horizontal.push(`M${p2.gx} ${p2.gy + gridSize}H${partialEnd}`);
    return { d: vertical.join("") + horizontal.join(""), partialEnd };
  })();

  const content = `
<rect width="${W}" height="${H}" fill="url(#desk)"/>

${panels.map(cardRect).join("\n")}

<!-- 1: grid the picture -->
<rect x="${p1.gx}" y="${p1.gy}" width="${gridSize}" height="${gridSize}" fill="#FFF3E4"/>
<g clip-path="url(#p1-clip)">${colourDragon(p1.gx, p1.gy, gridSize)}</g>
${grid({ x: p1.gx, y: p1.gy, cell, stroke: INK, width: 1.5, opacity: 0.45 })}
${cellHighlight(p1.gx, p1.gy, cell, hot.col, hot.row, { width: 3.5, wash: 0 })}
${gridLabels({ x: p1.gx, y: p1.gy, cell, gap: 18, size: 17, highlight: hot })}

<!-- 2: grid your paper -->
<path d="${p2Lines.d}" fill="none" stroke="${GRAPHITE}" stroke-width="1.4" opacity="0.5" filter="url(#grid-pencil)"/>
${gridLabels({ x: p2.gx, y: p2.gy, cell, gap: 18, size: 17, fill: GRAPHITE, opacity: 0.75, weight: 400 })}
${rulerProp(p2.gx - 22, p2.gy + gridSize + 2, gridSize + 60, 0, { height: 30, step: 6.8, shadow: "prop-shadow" })}
${pencilProp(p2Lines.partialEnd, p2.gy + gridSize, 240, -42, { width: 17, shadow: "prop-shadow" })}

<!-- 3: copy square by square -->
${pencilDragon("p3", p3.gx, p3.gy, gridSize, { paper: PAPER, clip: "p3-done" })}
${cellHighlight(p3.gx, p3.gy, cell, hot.col, hot.row, { width: 3.5, wash: 0.08 })}
${grid({ x: p3.gx, y: p3.gy, cell, stroke: GRAPHITE, width: 1.4, opacity: 0.5, filter: "grid-pencil" })}
${gridLabels({ x: p3.gx, y: p3.gy, cell, gap: 18, size: 17, fill: GRAPHITE, opacity: 0.75, weight: 400, highlight: hot })}
${pencilProp(p3.gx + cell * (hot.col + 0.56), p3.gy + cell * (hot.row + 0.45), 175, 54, { width: 17, shadow: "prop-shadow" })}
`;
  return svgDoc(W, H, defs, content);
}

// ---------------------------------------------------------------------------
// Social card
// ---------------------------------------------------------------------------

// The words' area, right of the grid card: x from OG_TEXT.x to OG_TEXT.x + OG_TEXT.w.
const OG_TEXT = { x: 640, w: 500, taglineY: 326 };

/**
 * The card without its tagline (drawn on by ogCard): the grid card, the site's name with its
 * underline, and a pencil under the words at `pencilY`. Right to left, the name, underline and
 * pencil sit at the right end of the words' area.
 */
function ogImage({ rtl = false, pencilY = 500 } = {}) {
  const W = 1200;
  const H = 630;
  const cell = 100;
  const gridSize = cell * 4;
  const gx = 130;
  const gy = 130;
  const bg = [];
  for (let x = 30; x < W; x += 60) bg.push(`M${x} 0V${H}`);
  for (let y = 15; y < H; y += 60) bg.push(`M0 ${y}H${W}`);
  const defs = `
${shadowFilter("card-shadow", { dy: 8, blur: 12, opacity: 0.18 })}
${shadowFilter("prop-shadow", { dy: 7, blur: 5, opacity: 0.2 })}
<clipPath id="og-clip"><rect x="${gx}" y="${gy}" width="${gridSize}" height="${gridSize}"/></clipPath>`;
  const tx = OG_TEXT.x;
  const end = OG_TEXT.x + OG_TEXT.w;
  // The underline is drawn from the words' start: mirrored about the area's middle right to left.
  const underline = rtl
    ? `M${end - 4} 286C${end - 110} 277 ${end - 240} 277 ${end - 380} 283`
    : `M${tx + 4} 286C${tx + 110} 277 ${tx + 240} 277 ${tx + 380} 283`;
  const pencil = rtl
    ? pencilProp(end - 330, pencilY, 330, -6, { width: 20, shadow: "prop-shadow" })
    : pencilProp(tx + 6, pencilY, 330, -6, { width: 20, shadow: "prop-shadow" });
  const content = `
<rect width="${W}" height="${H}" fill="${PAPER}"/>
<path d="${bg.join("")}" stroke="${INK}" stroke-width="1" opacity="0.05"/>
<g filter="url(#card-shadow)"><rect x="${gx - 56}" y="${gy - 56}" width="${gridSize + 56 + 28}" height="${gridSize + 56 + 28}" rx="10" fill="#FFFFFF"/></g>
<rect x="${gx}" y="${gy}" width="${gridSize}" height="${gridSize}" fill="#FFF3E4"/>
<g clip-path="url(#og-clip)">${colourDragon(gx, gy, gridSize)}</g>
${grid({ x: gx, y: gy, cell, stroke: INK, width: 2, opacity: 0.42 })}
${gridLabels({ x: gx, y: gy, cell, gap: 27, size: 22 })}
<text x="${rtl ? end : tx}" y="258" font-family="${FONT}" font-size="68" font-weight="700" fill="${INK}" text-anchor="${rtl ? "end" : "start"}">Dragon Grid</text>
<path d="${underline}" fill="none" stroke="${ACCENT}" stroke-width="7" stroke-linecap="round"/>
${pencil}
`;
  return svgDoc(W, H, defs, content);
}

/** The tagline's font per language: Noto Sans CJK for Japanese and Chinese, DejaVu Sans (Latin, Arabic) for the rest. */
const TAGLINE_FONT = { ja: "Noto Sans CJK JP", "zh-Hans": "Noto Sans CJK SC" };
const OG_TAGLINE = "Learn to draw dragons with the grid method";

/** A language's translation of the tagline, from its public catalog. */
async function taglineIn(locale) {
  if (locale === "en") return OG_TAGLINE;
  const po = PO.parse(await readFile(path.join(root, "src/web/locales", locale, "public.po"), "utf8"));
  const item = po.items.find((entry) => entry.msgid === OG_TAGLINE);
  if (!item?.msgstr[0]) throw new Error(`${locale}/public.po has no translation of "${OG_TAGLINE}"`);
  return item.msgstr[0];
}

const escapeMarkup = (text) => text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);

/**
 * The tagline as a transparent picture, set by Pango, at the end of the words' area where the
 * language starts its lines. On one line when it fits (Japanese and Chinese at the largest size
 * that does: they have no spaces to wrap at, and a break inside a word reads badly), else wrapped
 * between words into lines of even length.
 */
async function taglinePicture(locale, text) {
  const family = TAGLINE_FONT[locale] ?? FONT.split(",")[0];
  const render = (size, width, wrap) =>
    sharp({
      text: {
        text: `<span foreground="${INK}" alpha="85%">${escapeMarkup(text)}</span>`,
        font: `${family} ${size}`,
        width,
        dpi: 72,
        rgba: true,
        // Pango swaps left and right in a right-to-left paragraph: "left" is its start.
        align: "left",
        wrap,
        spacing: Math.round(size * 0.35),
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
  for (const size of locale in TAGLINE_FONT ? [40, 38, 36, 34] : [34]) {
    const line = await render(size, OG_TEXT.w, "none");
    if (line.info.width <= OG_TEXT.w) return line;
  }
  // The narrowest width that needs no more lines than the widest: the lines come out even.
  const widest = await render(34, OG_TEXT.w - 60, "word");
  let [low, high, best] = [160, OG_TEXT.w - 60, widest];
  while (high - low > 4) {
    const mid = Math.round((low + high) / 2);
    const picture = await render(34, mid, "word");
    if (picture.info.height > widest.info.height) low = mid;
    else [high, best] = [mid, picture];
  }
  return best;
}

/** The social card of a language: the card's drawing, and the tagline under the name. */
async function ogCard(locale, rtl) {
  const tagline = await taglinePicture(locale, await taglineIn(locale));
  const { width, height } = tagline.info;
  const pencilY = OG_TEXT.taglineY + height + 84;
  return sharp(Buffer.from(ogImage({ rtl, pencilY })))
    .composite([
      {
        input: tagline.data,
        top: OG_TEXT.taglineY,
        left: rtl ? OG_TEXT.x + OG_TEXT.w - width : OG_TEXT.x,
      },
    ])
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

// ---------------------------------------------------------------------------
// Favicon: a hand-made 3x3 grid tile with an accent stroke
// ---------------------------------------------------------------------------

function faviconShapes() {
  return `<rect x="3" y="3" width="26" height="26" rx="5" fill="${PAPER}" stroke="${INK}" stroke-width="2.5"/>
  <path d="M11.67 4.25v23.5M20.33 4.25v23.5M4.25 11.67h23.5M4.25 20.33h23.5" stroke="${INK}" stroke-width="1.5" opacity="0.55"/>
  <path d="M7.4 24.6C10 17 14 21.5 16.5 15.5S21.5 8.5 24.8 7.4" fill="none" stroke="${ACCENT}" stroke-width="3.2" stroke-linecap="round"/>`;
}

function faviconSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
  ${faviconShapes()}
</svg>
`;
}

function appleTouchSvg() {
  // Full-bleed paper (iOS rounds the corners itself), tile inset.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 180 180">
<rect width="180" height="180" fill="${PAPER}"/>
<g transform="translate(22 22) scale(${136 / 32})">${faviconShapes()}</g>
</svg>`;
}

// ---------------------------------------------------------------------------
// Render
// ---------------------------------------------------------------------------

// `--png-dir DIR` also writes lossless PNG copies of the webp pictures (for review).
const pngDirArg = process.argv.indexOf("--png-dir");
const pngDir = pngDirArg > 0 ? process.argv[pngDirArg + 1] : null;

async function renderWebp(svg, file, width, height) {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  if (pngDir) {
    await mkdir(pngDir, { recursive: true });
    await writeFile(path.join(pngDir, `${file}.raw.png`), png);
  }
  const full = path.join(landingDir, `${file}.webp`);
  await sharp(png).resize(width, height).webp({ quality: 80, smartSubsample: true, effort: 6 }).toFile(full);
  // Smaller widths for srcset: 600 for small screens, 800 for phones with dense displays.
  const smaller = [];
  for (const w of [600, 800]) {
    const target = path.join(landingDir, `${file}-${w}.webp`);
    await sharp(png)
      .resize(w, Math.round((height * w) / width), { kernel: "lanczos3" })
      .webp({ quality: 80, smartSubsample: true, effort: 6 })
      .toFile(target);
    smaller.push(target);
  }
  return [full, ...smaller];
}

async function main() {
  await mkdir(landingDir, { recursive: true });
  await mkdir(publicDir, { recursive: true });
  const written = [];

  written.push(...(await renderWebp(iDrewThis(), "i-drew-this", 1200, 900)));
  written.push(...(await renderWebp(easyAs123(), "easy-as-123", EASY_W, EASY_H)));

  // One social card per language (shared/site.ts ogImageFor names them): og-image.png in English.
  for (const { code, dir } of LOCALES) {
    const og = path.join(publicDir, code === "en" ? "og-image.png" : `og-image-${code}.png`);
    await writeFile(og, await ogCard(code, dir === "rtl"));
    written.push(og);
  }

  const favicon = path.join(publicDir, "favicon.svg");
  await writeFile(favicon, faviconSvg());
  written.push(favicon);

  const touch = path.join(publicDir, "apple-touch-icon.png");
  await sharp(Buffer.from(appleTouchSvg())).png({ compressionLevel: 9 }).toFile(touch);
  written.push(touch);

  for (const file of written) {
    const { size } = await stat(file);
    console.log(`${path.relative(root, file)}  ${size} bytes`);
  }
}

await main();
