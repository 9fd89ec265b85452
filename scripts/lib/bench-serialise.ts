// How long writing an answer takes (decision 024): the server writes each JSON answer with
// fast-json-stringify compiled from its declared schema; before the contract it was JSON.stringify.
// For each endpoint named, the answer is read from a running server once, then written 2,000
// times each way (after a warm-up); the medians of 9 rounds are printed.
//
//   npx tsx scripts/lib/bench-serialise.ts <server url> "GET /api/dragons" "GET /api/blog/posts" …
//
// Prints one JSON line per endpoint: {"label":"…","stringifyUs":N,"schemaUs":N}.
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { CONTRACT, type ContractKey } from "../../src/shared/contract";
import { isSchema } from "../../src/shared/contract/endpoint";
import { responseSerializer } from "../../src/server/http/contract-schemas";

const WRITES = 2000;
const ROUNDS = 9;

function medianUs(write: () => unknown): number {
  for (let i = 0; i < WRITES; i++) write();
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let i = 0; i < WRITES; i++) write();
    rounds.push(((performance.now() - started) * 1000) / WRITES);
  }
  rounds.sort((a, b) => a - b);
  return Math.round(rounds[Math.floor(ROUNDS / 2)]! * 10) / 10;
}

const [serverUrl, ...keys] = process.argv.slice(2);
for (const key of keys as ContractKey[]) {
  const schema = (CONTRACT[key].responses as Record<number, unknown>)[200];
  if (!isSchema(schema as z.ZodType)) throw new Error(`${key} has no JSON answer`);
  const path = key.slice(key.indexOf(" ") + 1);
  const answer: unknown = await (await fetch(`${serverUrl}${path}`)).json();
  const write = responseSerializer({ checkResponses: false })({ schema, method: "GET", url: path, httpStatus: "200" });
  const same = isDeepStrictEqual(JSON.parse(write(answer)), answer);
  console.log(
    JSON.stringify({
      label: `${key}: ${Buffer.byteLength(JSON.stringify(answer))} bytes${same ? "" : " (the schema drops fields the answer has!)"}`,
      stringifyUs: medianUs(() => JSON.stringify(answer)),
      schemaUs: medianUs(() => write(answer)),
    }),
  );
}
