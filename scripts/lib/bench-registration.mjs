// Does a registration's answer time tell whether the address has an account? `npm run bench`
// registers, in shuffled order, a new address, the address of a verified account (the owner is
// mailed instead) and the address of an unverified one (the registration is replaced), each from an
// address of its own so the per-address limit never answers instead. The answers must come in the
// same time to within noise: each kind's median lies within the spread (interquartile range) of
// the new addresses' times.
const PASSWORD = "correct horse battery";

async function register(url, email, round) {
  const started = performance.now();
  const res = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `198.19.${Math.floor(round / 250)}.${round % 250}`,
    },
    body: JSON.stringify({ email, password: PASSWORD, firstName: "Bench" }),
  });
  await res.text();
  if (res.status !== 201) throw new Error(`a registration answered ${res.status}`);
  return performance.now() - started;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Answers { new, verified, unverified } as { median, iqr } in ms, and whether they match. */
export async function registrationTiming(url, verifiedEmail, rounds = 40) {
  const run = Date.now().toString(36);
  const unverified = `bench-unverified-${run}@bench.example`;
  await register(url, unverified, 0);
  const times = { new: [], verified: [], unverified: [] };
  let request = 1;
  for (let round = 0; round < rounds; round++) {
    const kinds = Object.keys(times).sort(() => Math.random() - 0.5);
    for (const kind of kinds) {
      const email =
        kind === "new" ? `bench-new-${run}-${round}@bench.example` : kind === "verified" ? verifiedEmail : unverified;
      const ms = await register(url, email, request++);
      // The first rounds warm the server up; they are not counted.
      if (round >= 5) times[kind].push(ms);
    }
  }
  const summary = Object.fromEntries(
    Object.entries(times).map(([kind, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [kind, { median: quantile(sorted, 0.5), iqr: quantile(sorted, 0.75) - quantile(sorted, 0.25) }];
    }),
  );
  const within = (kind) => Math.abs(summary[kind].median - summary.new.median) <= Math.max(summary.new.iqr, 1);
  return { summary, alike: within("verified") && within("unverified") };
}
