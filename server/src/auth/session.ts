/** Who is calling: resolved from the session token on every request (see auth.plugin.ts). */
export interface RequestSession {
  /** The token's jti: one row in `sessions`, revocable. */
  sessionId: string;
  userId: number;
  isGuest: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** null when the request carries no valid, unrevoked session. */
    session: RequestSession | null;
  }
}
