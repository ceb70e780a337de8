import { z } from 'zod';

/**
 * The busy-address challenge (issue 25): when many tries come from one
 * network address, a call that would be refused for the address instead
 * answers 428 with an ALTCHA proof-of-work challenge. The client solves it
 * (a second or so on a phone) and sends the same call again with the
 * solution in the `X-Altcha` header. A refusal of one device, account or
 * person stays 429.
 */

/** The status of "prove some work first": nothing was changed by the call. */
export const CHALLENGE_STATUS = 428;

/** The request header carrying a solved challenge: base64 of the JSON `{challenge, solution}`. */
export const CHALLENGE_HEADER = 'x-altcha';

/** The socket ack's `code` when a challenge is needed (`display:subscribe`). */
export const CHALLENGE_ACK_CODE = 'challenge_required';

export const CHALLENGE_MSG = {
  required:
    'Many people are connecting from your network right now, so your device is doing a short check before this goes through.',
} as const;

/**
 * An ALTCHA v2 challenge exactly as altcha-lib's `createChallenge` returns
 * it; the client hands it to altcha-lib's solver unchanged.
 */
export const altchaChallengeSchema = z
  .object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
      })
      .catchall(z.unknown()),
    signature: z.string().optional(),
  })
  .catchall(z.unknown());
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

/** `data` of a 428 (and of a refused `display:subscribe` ack with the challenge code). */
export const challengeRequiredData = z.object({ challenge: altchaChallengeSchema });
export type ChallengeRequiredData = z.infer<typeof challengeRequiredData>;

/** The solved challenge a client sends back (`X-Altcha`, or `altcha` in a socket payload). */
export const altchaSolutionField = z.string().min(1).max(4096);
