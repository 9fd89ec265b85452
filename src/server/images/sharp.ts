import type SharpModule from "sharp";

let loaded: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips), loaded at the first image work rather than at every start: a server that has
 * not touched an image yet (or only serves stored ones) needs none of its native libraries in
 * memory (decision 025). Every use goes through here, so the setting below always applies.
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps recent operations and their images for reuse, and what it counts of them is
    // not what they hold: after four 40 MP progressive JPEGs, decoded one after the other, it
    // reported 34 MB while the process had grown by 530 MB instead of 180 MB (decision 009). The
    // server decodes each upload once, so there is nothing to reuse.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
