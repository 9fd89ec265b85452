import { z } from "zod";
import { endpoints } from "../contract/endpoint";

/** What the readiness check found of each part the app cannot serve without. */
const readiness = { database: z.enum(["ok", "unreachable"]), storage: z.enum(["ok", "unreachable"]) };

export const healthEndpoints = endpoints({
  "GET /api/health": {
    summary: "Which database and storage this process runs on, after a real database round-trip",
    access: "everyone",
    responses: {
      200: z.object({
        status: z.literal("ok"),
        database: z.enum(["pglite", "postgres"]),
        storage: z.enum(["local", "s3"]),
      }),
    },
  },
  "GET /api/health/live": {
    summary: "Liveness, for a load balancer or supervisor: the process answers; nothing else is touched",
    access: "everyone",
    responses: { 200: z.object({ status: z.literal("ok") }) },
  },
  "GET /api/health/ready": {
    summary:
      "Readiness, for a load balancer: 200 when the database and storage answer, 503 naming what does not (and while the process shuts down)",
    access: "everyone",
    responses: {
      200: z.object({ status: z.literal("ready"), ...readiness }),
      503: z.object({ status: z.literal("unavailable"), ...readiness }),
    },
  },
});
