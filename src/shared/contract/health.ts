import { z } from "zod";
import { endpoints } from "./endpoint";

export const healthEndpoints = endpoints({
  "GET /api/health": {
    summary: "Which database and storage this process runs on, after a real database round-trip",
    access: "everyone",
    answers: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]), storage: z.enum(["local", "s3"]) }) },
  },
});
