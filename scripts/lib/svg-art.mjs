// SVG helpers shared by the art scripts (landing pictures, tutorial picture).

export const INK = "#2B2118";

/** Round for compact SVG numbers. */
export const fmt = (n) => Number(n.toFixed(2));

/** The <path> elements of an icon body as {fill, d} pairs, in paint order. */
export function iconPaths(body) {
  const paths = [];
  for (const match of body.matchAll(/<path\b([^>]*?)\/?>/g)) {
    const attrs = Object.fromEntries([...match[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (attrs.d) paths.push({ fill: attrs.fill ?? "#000", d: attrs.d });
  }
  return paths;
}

export function luminance(hex) {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/**
 * Filter that makes crisp vector lines look drawn by hand with a pencil: a
 * low-frequency wobble plus a fine graphite grain that thins the stroke.
 */
export function pencilFilter(id, { seed = 1, wobble = 2.4, grain = 0.75 } = {}) {
  return `<filter id="${id}" x="-5%" y="-5%" width="110%" height="110%" color-interpolation-filters="sRGB">
  <feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="2" seed="${seed}" result="warp"/>
  <feDisplacementMap in="SourceGraphic" in2="warp" scale="${wobble}" xChannelSelector="R" yChannelSelector="G" result="wobbly"/>
  <feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="1" seed="${seed + 10}" result="noise"/>
  <feColorMatrix in="noise" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  ${2.2 * grain} 0 0 0 ${1 - 1.1 * grain}" result="grain"/>
  <feComposite in="wobbly" in2="grain" operator="in"/>
</filter>`;
}

/** Soft drop shadow filter (paper lifting off the desk). */
export function shadowFilter(id, { dy = 6, blur = 8, opacity = 0.18 } = {}) {
  return `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%">
  <feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/>
  <feOffset dy="${dy}" result="b"/>
  <feFlood flood-color="${INK}" flood-opacity="${opacity}"/>
  <feComposite in2="b" operator="in" result="s"/>
  <feMerge><feMergeNode in="s"/><feMergeNode in="SourceGraphic"/></feMerge>
</filter>`;
}
