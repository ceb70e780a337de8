import {
  attendeeEventDetailsSchema,
  cardSummarySchema,
  catalogSong,
  errorEnvelopeSchema,
  eventHostSchema,
  eventSummarySchema,
  groupedSongRequestSchema,
  hostEventDetailsSchema,
  joinedEventSchema,
  loginData,
  paginationSchema,
  sessionUserSchema,
  socialLinkSchema,
  socialPlatformSchema,
  songRequestSchema,
  userDetailsSchema,
  walletSchema,
} from '@floorfill/shared';
import { z } from 'zod';

/**
 * The shared schemas the document names as components (`#/components/schemas/EventSummary`)
 * instead of repeating them inline in every operation that answers them.
 */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  ErrorEnvelope: errorEnvelopeSchema,
  Pagination: paginationSchema,
  SessionUser: sessionUserSchema,
  LoginData: loginData,
  EventSummary: eventSummarySchema,
  EventHost: eventHostSchema,
  HostEventDetails: hostEventDetailsSchema,
  JoinedEvent: joinedEventSchema,
  AttendeeEventDetails: attendeeEventDetailsSchema,
  SongRequest: songRequestSchema,
  GroupedSongRequest: groupedSongRequestSchema,
  CatalogSong: catalogSong,
  UserDetails: userDetailsSchema,
  SocialLink: socialLinkSchema,
  SocialPlatform: socialPlatformSchema,
  Wallet: walletSchema,
  CardSummary: cardSummarySchema,
};

const DESCRIPTIONS: Partial<Record<keyof typeof NAMED_SCHEMAS, string>> = {
  ErrorEnvelope:
    'Every failure: `msg` says what went wrong; a 422 carries field errors ({field: [messages]}) under both `data` and `errors`; a 429 carries `data.retry_after_seconds`.',
};

/**
 * Gives the schemas their component names in zod's global registry, which
 * fastify-type-provider-zod reads when it turns route schemas into the
 * document. Keeps any metadata a schema already had; safe to run per app.
 */
export function nameSharedSchemas(): void {
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) {
    const description = DESCRIPTIONS[id];
    z.globalRegistry.add(schema, {
      ...z.globalRegistry.get(schema),
      id,
      ...(description ? { description } : {}),
    });
  }
}
