// The bench's reference server: a bare Fastify in a process of its own, started as the app's server
// is (bench-server.mjs), so the two are measured alike, each apart from the load generator.
// Without arguments it answers GET / with {"hello":"world"}; with BARE_BODY_FILE (and
// BARE_HEADERS, a JSON object) it sends that file's bytes with those headers instead.
import fs from "node:fs";
import Fastify from "fastify";

const body = process.env.BARE_BODY_FILE ? fs.readFileSync(process.env.BARE_BODY_FILE) : null;
const headers = JSON.parse(process.env.BARE_HEADERS ?? "{}");

const app = Fastify();
app.get("/", async (_request, reply) => (body ? reply.headers(headers).send(body) : { hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
