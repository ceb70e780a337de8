import { createAttendanceService } from './attendance/attendance.service.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createCatalogService } from './catalog/catalog.service.ts';
import { createEventsService } from './events/events.service.ts';
import type { AppContext } from './infra/context.ts';
import { createLiveQueue } from './live-queue/live-queue.ts';
import type { QueuePublisher } from './live-queue/queue-pushes.ts';
import { createSongResolver } from './live-queue/requested-song.ts';
import { createProfilesService } from './profiles/profiles.service.ts';
import { createWalletsService } from './wallets/wallets.service.ts';

/**
 * The composition root: every domain service, built once per app with its
 * dependencies, in dependency order. Routes receive them as `app.services`
 * and never build their own.
 */
export function createServices(ctx: AppContext, publish: QueuePublisher) {
  const { config, db } = ctx;
  const liveQueue = createLiveQueue({ db, publish });
  const events = createEventsService(config, liveQueue);
  const profiles = createProfilesService(config, events);
  const attendance = createAttendanceService(events, liveQueue, profiles);
  return {
    auth: createAuthService(config),
    catalog: createCatalogService(db, config.catalog),
    events,
    liveQueue,
    resolveSong: createSongResolver(db),
    profiles,
    attendance,
    wallets: createWalletsService(config),
  };
}

export type Services = ReturnType<typeof createServices>;
