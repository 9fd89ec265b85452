/** The signed-in person behind a request, as the server's guards see them. */
export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the session hook when a valid session cookie is present; null for visitors. */
    user: SessionUser | null;
  }
}
