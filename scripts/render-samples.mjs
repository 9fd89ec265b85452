#!/usr/bin/env node
// Renders the sample dragon templates that learners can pick to copy with the
// grid method. Each template is an openly licensed emoji drawing read from an
// Iconify JSON dev dependency and rasterised with sharp (librsvg), unchanged:
//
//   node scripts/render-samples.mjs
//
// Outputs (in assets/samples/):
//   {slug}.png     1600x1600, the artwork centred with an 8% margin on an
//                  opaque white background (people copy it onto white paper)
//   samples.json   the templates in display order, with source and licence
//   LICENSES.md    the notices and attributions the licences require
//
// The licence of each set was checked against the package's own info.json
// and the upstream project's licence file. Where the two differ the stricter
// upstream artwork licence is used: Iconify lists Firefox OS Emoji as
// Apache-2.0, but Mozilla's LICENSE.md puts the visual design under CC BY 4.0.

import { mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "assets/samples");
const require = createRequire(import.meta.url);

const SIZE = 1600;
const MARGIN = 0.08; // of the picture's side, on each side of the artwork's longer dimension

// ---------------------------------------------------------------------------
// Icon sets and their licences
// ---------------------------------------------------------------------------

const SETS = {
  "fluent-emoji-flat": {
    title: "Fluent Emoji (flat)",
    license: "MIT",
    attribution: "Fluent Emoji, Copyright (c) Microsoft Corporation. MIT License.",
    url: "https://github.com/microsoft/fluentui-emoji",
  },
  noto: {
    title: "Noto Emoji",
    license: "Apache-2.0",
    attribution: "Noto Emoji, Copyright Google Inc. Licensed under the Apache License, Version 2.0.",
    url: "https://github.com/googlefonts/noto-emoji",
  },
  twemoji: {
    title: "Twemoji",
    license: "CC-BY-4.0",
    attribution: "Twemoji graphics by Twitter, Inc and other contributors, licensed under CC BY 4.0.",
    url: "https://github.com/jdecked/twemoji",
  },
  openmoji: {
    title: "OpenMoji",
    license: "CC-BY-SA-4.0",
    attribution: "All emojis designed by OpenMoji – the open-source emoji and icon project. License: CC BY-SA 4.0",
    url: "https://openmoji.org/",
  },
  fxemoji: {
    title: "Firefox OS Emoji",
    license: "CC-BY-4.0",
    attribution: "Firefox OS Emoji, Copyright 2015 Mozilla Foundation. Visual design licensed under CC BY 4.0.",
    url: "https://github.com/mozilla/fxemoji",
  },
  "game-icons": {
    title: "Game-icons.net",
    license: "CC-BY-3.0",
    attribution: "Game-icons.net, by Lorc, Delapouite and contributors. Licensed under CC BY 3.0.",
    url: "https://game-icons.net/",
  },
  "fa6-solid": {
    title: "Font Awesome Free 6",
    license: "CC-BY-4.0",
    attribution: "Font Awesome Free icons by Fonticons, Inc. Licensed under CC BY 4.0.",
    url: "https://fontawesome.com/",
  },
  "icon-park-outline": {
    title: "IconPark",
    license: "Apache-2.0",
    attribution: "IconPark, Copyright ByteDance. Licensed under the Apache License, Version 2.0.",
    url: "https://github.com/bytedance/IconPark",
  },
  "fluent-emoji-high-contrast": {
    title: "Fluent Emoji (high contrast)",
    license: "MIT",
    attribution: "Fluent Emoji, Copyright (c) Microsoft Corporation. MIT License.",
    url: "https://github.com/microsoft/fluentui-emoji",
  },
  "fluent-emoji": {
    title: "Fluent Emoji (3D shaded)",
    license: "MIT",
    attribution: "Fluent Emoji, Copyright (c) Microsoft Corporation. MIT License.",
    url: "https://github.com/microsoft/fluentui-emoji",
  },
  "noto-v1": {
    title: "Noto Emoji (version 1)",
    license: "Apache-2.0",
    attribution: "Noto Emoji, Copyright Google Inc. Licensed under the Apache License, Version 2.0.",
    url: "https://github.com/googlefonts/noto-emoji",
  },
  "emojione-monotone": {
    title: "Emoji One (monotone)",
    license: "CC-BY-4.0",
    attribution: "Emoji One artwork (monotone) by Emoji One, licensed under CC BY 4.0.",
    url: "https://github.com/EmojiTwo/emojitwo",
  },
  "emojione-v1": {
    title: "Emoji One (version 1)",
    license: "CC-BY-SA-4.0",
    attribution: "Emoji One artwork (version 1) by Emoji One, licensed under CC BY-SA 4.0.",
    url: "https://github.com/joypixels/emojione-legacy",
  },
  emojione: {
    title: "Emoji One 2",
    license: "CC-BY-4.0",
    attribution: "Emoji One artwork (version 2) by Emoji One, licensed under CC BY 4.0.",
    url: "https://github.com/EmojiTwo/emojitwo",
  },
};

// ---------------------------------------------------------------------------
// The templates, in display order: the most appealing first, and neighbours
// in different styles (whole dragon / head, detailed / simple, colour / line).
// ---------------------------------------------------------------------------

const TEMPLATES = [
  { name: "Jade Sky Dragon", set: "noto", icon: "dragon" },
  { name: "Blocky Dragon Face", set: "fluent-emoji-flat", icon: "dragon-face" },
  { name: "Teal Pearl Dragon", set: "fxemoji", icon: "dragonside" },
  { name: "Roaring Dragon Mask", set: "noto", icon: "dragon-face" },
  { name: "Emerald Dragon", set: "fluent-emoji-flat", icon: "dragon" },
  { name: "Whiskered Line-Art Dragon Face", set: "openmoji", icon: "dragon-face" },
  { name: "Wavy Serpent Dragon", set: "emojione", icon: "dragon" },
  { name: "Spiky Dragon Profile", set: "twemoji", icon: "dragon-face" },
  { name: "Flying Line-Art Dragon", set: "openmoji", icon: "dragon" },
  { name: "Fire-Breathing Dragon Head", set: "emojione", icon: "dragon-face" },
  { name: "Grumpy Green Dragon", set: "twemoji", icon: "dragon" },
  { name: "Teal Dragon Head", set: "fxemoji", icon: "dragonhead" },
  // Batch 2 (decision 072): first shapes and parts, outlines, and detailed line art, so the levels
  // from 1 to 5 all have templates; a few of the "other images" (a griffin, a phoenix, a unicorn).
  { name: "Dragon Claw", set: "game-icons", icon: "claw", batch: 2 },
  { name: "Spiky Dragon Wing", set: "game-icons", icon: "spiky-wing", batch: 2 },
  { name: "Coiled Dragon Silhouette", set: "game-icons", icon: "dragon-spiral", batch: 2 },
  { name: "Sea Dragon Silhouette", set: "game-icons", icon: "sea-dragon", batch: 2 },
  { name: "Resting Dragon Silhouette", set: "fa6-solid", icon: "dragon", batch: 2 },
  { name: "Zodiac Dragon in One Line", set: "icon-park-outline", icon: "dragon-zodiac", batch: 2 },
  { name: "Dragon Egg", set: "game-icons", icon: "dinosaur-egg", batch: 2 },
  { name: "Wyvern Silhouette", set: "game-icons", icon: "wyvern", batch: 2 },
  { name: "Griffin", set: "game-icons", icon: "griffin-symbol", batch: 2 },
  { name: "Outlined Coiled Dragon", set: "fluent-emoji-high-contrast", icon: "dragon", batch: 2 },
  { name: "Outlined Dragon Face", set: "fluent-emoji-high-contrast", icon: "dragon-face", batch: 2 },
  { name: "Sitting Teal Dragon", set: "emojione-v1", icon: "dragon", batch: 2 },
  { name: "Horned Teal Dragon Face", set: "emojione-v1", icon: "dragon-face", batch: 2 },
  { name: "Dragon Eye", set: "game-icons", icon: "beast-eye", batch: 2 },
  { name: "Spiked Dragon Head", set: "game-icons", icon: "spiked-dragon-head", batch: 2 },
  { name: "Horned Reptile Face", set: "game-icons", icon: "horned-reptile", batch: 2 },
  { name: "Outlined Phoenix", set: "fluent-emoji-high-contrast", icon: "phoenix-bird", batch: 2 },
  { name: "Outlined Unicorn", set: "fluent-emoji-high-contrast", icon: "unicorn", batch: 2 },
  { name: "Shaded Coiled Dragon", set: "fluent-emoji", icon: "dragon", batch: 2 },
  { name: "Flame Phoenix", set: "fluent-emoji", icon: "phoenix-bird", batch: 2 },
  { name: "Olive Serpent Dragon", set: "noto-v1", icon: "dragon", batch: 2 },
  { name: "Fire-Tongued Dragon Face", set: "noto-v1", icon: "dragon-face", batch: 2 },
  { name: "Ink Dragon Face", set: "emojione-monotone", icon: "dragon-face", batch: 2 },
  { name: "Ink Serpent Dragon", set: "emojione-monotone", icon: "dragon", batch: 2 },
  { name: "Ink Unicorn", set: "emojione-monotone", icon: "unicorn-face", batch: 2 },
  { name: "Ink Striped Lizard", set: "emojione-monotone", icon: "lizard", batch: 2 },
];

const slug = (name) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

const iconSets = new Map();
async function loadSet(prefix) {
  if (!iconSets.has(prefix)) {
    const file = require.resolve(`@iconify-json/${prefix}/icons.json`);
    iconSets.set(prefix, JSON.parse(await readFile(file, "utf8")));
  }
  return iconSets.get(prefix);
}

/** The icon's body and view box, following an alias if the name is one. */
async function icon(prefix, name) {
  const set = await loadSet(prefix);
  const data = set.icons[name];
  if (!data) throw new Error(`@iconify-json/${prefix} has no icon "${name}"`);
  if (data.hFlip || data.vFlip || data.rotate) throw new Error(`${prefix}:${name} is transformed; not supported here`);
  return {
    body: data.body,
    left: data.left ?? set.left ?? 0,
    top: data.top ?? set.top ?? 0,
    width: data.width ?? set.width ?? 16,
    height: data.height ?? set.height ?? 16,
  };
}

function svg(ic, viewBox, size, background) {
  const [x, y, w, h] = viewBox;
  const bg = background ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${background}"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${x} ${y} ${w} ${h}" color="#000">${bg}${ic.body}</svg>`;
}

/** Bounding box of the drawn artwork in icon units, from a transparent probe render. */
async function artBox(ic) {
  const probe = 1024;
  const side = Math.max(ic.width, ic.height);
  const view = [ic.left - (side - ic.width) / 2, ic.top - (side - ic.height) / 2, side, side];
  const { data, info } = await sharp(Buffer.from(svg(ic, view, probe, null)))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let x0 = info.width;
  let y0 = info.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x] > 8) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  if (x1 < 0) throw new Error("icon rendered empty");
  const unit = side / probe;
  return { x: view[0] + x0 * unit, y: view[1] + y0 * unit, w: (x1 - x0 + 1) * unit, h: (y1 - y0 + 1) * unit };
}

async function renderTemplate(t) {
  const ic = await icon(t.set, t.icon);
  const box = await artBox(ic);
  const side = Math.max(box.w, box.h) / (1 - 2 * MARGIN);
  const view = [box.x + box.w / 2 - side / 2, box.y + box.h / 2 - side / 2, side, side].map((n) =>
    Number(n.toFixed(4)),
  );
  const file = `${slug(t.name)}.png`;
  const out = path.join(outDir, file);
  await sharp(Buffer.from(svg(ic, view, SIZE, "#FFFFFF")))
    .flatten({ background: "#FFFFFF" })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toFile(out);
  return { file, out };
}

// ---------------------------------------------------------------------------
// Licence notices
// ---------------------------------------------------------------------------

const MIT_TEXT = `MIT License

Copyright (c) Microsoft Corporation.

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`;

function licensesMd(entries) {
  const filesOf = (pred) =>
    entries
      .filter(pred)
      .map((e) => `- \`${e.file}\` — ${e.name} (${e.source})`)
      .join("\n");
  const bySet = (prefix) => filesOf((e) => e.set === prefix);
  const used = new Set(entries.map((e) => e.set));
  const sections = [];

  sections.push(`# Sample dragon templates — licences and attributions

The pictures in this folder are openly licensed emoji and icon drawings. Each PNG was
rendered from the icon's SVG artwork, as published in the \`@iconify-json/*\`
npm package named beside it, by \`scripts/render-samples.mjs\`: the artwork
was scaled to fit a 1600x1600 picture with an 8% margin and placed on a white
background. **The artwork itself was not changed** (no shapes or colours were
edited, added or removed). \`samples.json\` lists every file with its source,
licence and attribution line.`);

  const fluent = ["fluent-emoji-flat", "fluent-emoji-high-contrast", "fluent-emoji"].filter((s) => used.has(s));
  if (fluent.length) {
    sections.push(`## Fluent Emoji — MIT

Source: Microsoft Fluent Emoji, ${SETS["fluent-emoji-flat"].url}
(via ${fluent.map((s) => `\`@iconify-json/${s}\``).join(", ")}).

${filesOf((e) => fluent.includes(e.set))}

\`\`\`text
${MIT_TEXT}
\`\`\``);
  }

  const apache = ["noto", "noto-v1"].filter((s) => used.has(s));
  if (apache.length) {
    sections.push(`## Noto Emoji — Apache-2.0

Source: Google Noto Emoji, https://github.com/googlefonts/noto-emoji
(via ${apache.map((s) => `\`@iconify-json/${s}\``).join(" and ")}).

${filesOf((e) => apache.includes(e.set))}

\`\`\`text
Noto Emoji
Copyright Google Inc.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use these files except in compliance with the License.
You may obtain a copy of the License at

    https://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.

These PNG files were rendered from the Noto Emoji SVG sources; the artwork
was not modified.
\`\`\``);
  }

  if (used.has("icon-park-outline")) {
    sections.push(`## IconPark — Apache-2.0

Source: ByteDance IconPark, ${SETS["icon-park-outline"].url}
(via \`@iconify-json/icon-park-outline\`).

${bySet("icon-park-outline")}

IconPark, Copyright ByteDance, licensed under the Apache License, Version 2.0
(https://www.apache.org/licenses/LICENSE-2.0; the same terms as the Noto
Emoji notice above). Rendered to PNG without changes to the artwork.`);
  }

  if (used.has("game-icons")) {
    sections.push(`## Game-icons.net — Creative Commons Attribution 3.0 (CC-BY-3.0)

Licence: https://creativecommons.org/licenses/by/3.0/ — full legal code:
https://creativecommons.org/licenses/by/3.0/legalcode

${bySet("game-icons")}

Icons from Game-icons.net (${SETS["game-icons"].url}, via
\`@iconify-json/game-icons\`), by Lorc, Delapouite and contributors, licensed
under CC BY 3.0. Rendered to PNG (black on white) without changes to the artwork.`);
  }

  const ccby = ["twemoji", "fxemoji", "emojione", "emojione-monotone", "fa6-solid"].filter((s) => used.has(s));
  if (ccby.length) {
    const lines = {
      twemoji: `### Twemoji

${bySet("twemoji")}

Twemoji graphics © Twitter, Inc and other contributors
(${SETS.twemoji.url}, via \`@iconify-json/twemoji\`), licensed under
[CC BY 4.0](https://creativecommons.org/licenses/by/4.0/).
Rendered to PNG without changes to the artwork.`,
      fxemoji: `### Firefox OS Emoji

${bySet("fxemoji")}

Firefox OS Emoji © 2015 Mozilla Foundation (${SETS.fxemoji.url}, via
\`@iconify-json/fxemoji\`). The visual design is licensed under
[CC BY 4.0](https://creativecommons.org/licenses/by/4.0/) (the project's code
is Apache-2.0; the Iconify package lists only the latter, but Mozilla's
LICENSE.md puts the artwork under CC BY 4.0, so that is what we follow).
Rendered to PNG without changes to the artwork.`,
      emojione: `### Emoji One (version 2)

${bySet("emojione")}

Emoji One artwork (version 2.x) by Emoji One (${SETS.emojione.url}, via
\`@iconify-json/emojione\`), licensed under
[CC BY 4.0](https://creativecommons.org/licenses/by/4.0/).
Rendered to PNG without changes to the artwork.`,
      "emojione-monotone": `### Emoji One (monotone)

${bySet("emojione-monotone")}

Emoji One monotone artwork by Emoji One (${SETS["emojione-monotone"].url}, via
\`@iconify-json/emojione-monotone\`), licensed under
[CC BY 4.0](https://creativecommons.org/licenses/by/4.0/).
Rendered to PNG without changes to the artwork.`,
      "fa6-solid": `### Font Awesome Free

${bySet("fa6-solid")}

Font Awesome Free icons by Fonticons, Inc. (${SETS["fa6-solid"].url}, via
\`@iconify-json/fa6-solid\`), licensed under
[CC BY 4.0](https://creativecommons.org/licenses/by/4.0/).
Rendered to PNG without changes to the artwork.`,
    };
    sections.push(`## Creative Commons Attribution 4.0 (CC-BY-4.0)

Licence: https://creativecommons.org/licenses/by/4.0/ — full legal code:
https://creativecommons.org/licenses/by/4.0/legalcode

${ccby.map((s) => lines[s]).join("\n\n")}`);
  }

  if (used.has("emojione-v1")) {
    sections.push(`## Emoji One (version 1) — Creative Commons Attribution-ShareAlike 4.0 (CC-BY-SA-4.0)

Licence: https://creativecommons.org/licenses/by-sa/4.0/ — full legal code:
https://creativecommons.org/licenses/by-sa/4.0/legalcode

${bySet("emojione-v1")}

Emoji One artwork (version 1) by Emoji One (${SETS["emojione-v1"].url}, via
\`@iconify-json/emojione-v1\`, whose licence is CC BY-SA 4.0).
Rendered to PNG without changes to the artwork. **ShareAlike:** as for the
OpenMoji files below.`);
  }

  if (used.has("openmoji")) {
    sections.push(`## OpenMoji — Creative Commons Attribution-ShareAlike 4.0 (CC-BY-SA-4.0)

Licence: https://creativecommons.org/licenses/by-sa/4.0/ — full legal code:
https://creativecommons.org/licenses/by-sa/4.0/legalcode

${bySet("openmoji")}

All emojis designed by OpenMoji – the open-source emoji and icon project
(https://openmoji.org/, via \`@iconify-json/openmoji\`). License: CC BY-SA 4.0.
Rendered to PNG without changes to the artwork.

**ShareAlike:** these files (and any adaptation of them that is shared, such as
a gridded or traced version distributed to others) must stay under CC BY-SA 4.0
with the same attribution. This applies to the OpenMoji files only, not to the
rest of this project.`);
  }

  return `${sections.join("\n\n")}\n`;
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function main() {
  const names = TEMPLATES.map((t) => t.name);
  if (new Set(names).size !== names.length) throw new Error("template names must be distinct");

  await mkdir(outDir, { recursive: true });
  // Remove PNGs left over from an earlier list so the folder matches samples.json.
  for (const f of await readdir(outDir)) if (f.endsWith(".png")) await rm(path.join(outDir, f));

  const entries = [];
  for (const t of TEMPLATES) {
    const { file, out } = await renderTemplate(t);
    const { size } = await stat(out);
    entries.push({ ...t, file, source: `@iconify-json/${t.set} (icon ${t.set}:${t.icon})`, size });
    console.log(`assets/samples/${file}  ${size} bytes`);
    if (size > 250 * 1024) console.warn(`  warning: ${file} is over 250 KB`);
  }

  const json = entries.map((e) => ({
    file: e.file,
    name: e.name,
    source: e.source,
    license: SETS[e.set].license,
    attribution: SETS[e.set].attribution,
    url: SETS[e.set].url,
    ...(e.batch ? { batch: e.batch } : {}),
  }));
  await writeFile(path.join(outDir, "samples.json"), `${JSON.stringify(json, null, 2)}\n`);
  await writeFile(path.join(outDir, "LICENSES.md"), licensesMd(entries));
  console.log(`assets/samples/samples.json  ${json.length} templates`);
  console.log("assets/samples/LICENSES.md");
}

await main();
