import type { Sanction } from "../auth/sanction";

/** The signed-in person behind a request, as the server's guards see them. */
export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
  /** Has Pro now (auth/pro.ts): may add private pictures and create AI ones. */
  pro?: boolean;
  /** A ban or running suspension: no posting, commenting, liking or reporting (decision 029). */
  sanction?: Sanction | null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the session hook when a valid session cookie is present; null for visitors. */
    user: SessionUser | null;
  }
}
