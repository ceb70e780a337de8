import { z } from 'zod';
import { idField } from './fields.ts';

/**
 * Web Push (issue 29): a guest who allows notifications hears, with the page
 * closed, when their song is up next, when it plays and when the DJ passes
 * on it. The browser's push service gives the page a subscription (an
 * endpoint and two keys); the page hands it to us under its session; the
 * server sends each notice encrypted to the endpoint with its VAPID key.
 */

/** What a notice tells the guest; each is sent at most once per song and phone. */
export const PUSH_NOTICE_KINDS = ['up-next', 'playing', 'rejected'] as const;
export type PushNoticeKind = (typeof PUSH_NOTICE_KINDS)[number];

/** A push service's address is a URL of at most this many characters. */
export const PUSH_ENDPOINT_MAX = 2048;

const ENDPOINT_MSG = 'Must be the push service address.';

/** Unpadded base64url, as PushSubscription.toJSON() writes keys. */
const base64url = (what: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `Must be the ${what} in base64url.`)
    .refine(
      (text) => Math.floor((text.length * 3) / 4) === bytes,
      `Must be the ${what} (${bytes} bytes).`,
    );

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(PUSH_ENDPOINT_MAX, ENDPOINT_MSG)
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), ENDPOINT_MSG),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The phone's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url('subscription key', 65),
    /** The shared authentication secret (16 bytes). */
    auth: base64url('subscription secret', 16),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const subscribePushBody = z.object({
  event_id: idField,
  subscription: pushSubscriptionSchema,
});
export type SubscribePushBody = z.infer<typeof subscribePushBody>;

export const unsubscribePushBody = z.object({
  event_id: idField,
  endpoint: pushSubscriptionSchema.shape.endpoint,
});
export type UnsubscribePushBody = z.infer<typeof unsubscribePushBody>;

export const pushVapidKeyData = z.object({
  /** The server's public VAPID key (P-256, base64url): the page subscribes with it. */
  public_key: z.string(),
});
export type PushVapidKeyData = z.infer<typeof pushVapidKeyData>;

export const pushSubscriptionData = z.object({
  event_id: z.number().int(),
  /** Whether this phone now gets the event's notices. */
  subscribed: z.boolean(),
});
export type PushSubscriptionData = z.infer<typeof pushSubscriptionData>;

export const PUSH_MSG = {
  subscribed: 'Alerts on: this phone will tell you when your song is up next and playing.',
  unsubscribed: 'Alerts off on this phone.',
  notJoined: 'Join the event first.',
  endpointRefused: 'This browser’s push service is not one we send to.',
  eventEnded: 'This event has ended.',
} as const;

/**
 * What the service worker receives and shows: the server writes the words,
 * the worker only draws them. `tag` makes a later notice of the same song
 * replace the one before on the phone; `url` is opened on a tap.
 */
export const pushNoticeSchema = z.object({
  kind: z.enum(PUSH_NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  url: z.string(),
});
export type PushNotice = z.infer<typeof pushNoticeSchema>;

/** The words of each notice, one home for the server's sends and the web's tests. */
export function pushNoticeFor(
  kind: PushNoticeKind,
  song: { songName: string; eventName: string; eventCode: string; eventId: number; songId: string },
): PushNotice {
  const url = `/e/${encodeURIComponent(song.eventCode)}`;
  const tag = `song:${song.eventId}:${song.songId}`;
  switch (kind) {
    case 'up-next':
      return {
        kind,
        title: `Up next: ${song.songName}`,
        body: `Your song is next at ${song.eventName}.`,
        tag,
        url,
      };
    case 'playing':
      return {
        kind,
        title: `Playing now: ${song.songName}`,
        body: `Your song is playing at ${song.eventName}.`,
        tag,
        url,
      };
    case 'rejected':
      return {
        kind,
        title: `Not tonight: ${song.songName}`,
        body: `The DJ passed on your request at ${song.eventName}.`,
        tag,
        url,
      };
  }
}
