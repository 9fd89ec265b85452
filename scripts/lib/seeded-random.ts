// The benchmarks' own choices (where a learner began, which cell moved, how a photo is turned)
// from a seed, so that a run can be repeated photo for photo.
export function seededRandom(seed: number): () => number {
  let state = seed * 2654435761;
  return () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state / 2 ** 32;
  };
}
