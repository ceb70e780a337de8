import { createHash } from 'node:crypto';
import { pushNoticeFor, type PushNoticeKind } from '@floorfill/shared';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../infra/db.ts';
import type { JobHandler, JobQueue } from '../infra/queue.ts';
import { readEventLine } from '../live-queue/event-line.ts';
import type { QueueChange, QueuePublisher } from '../live-queue/queue-pushes.ts';
import type { EventPacer } from './event-pacer.ts';
import { openKeys } from './push.service.ts';
import {
  deleteEventSubscriptions,
  deleteSubscriptionById,
  noticeEvent,
  noticeTargets,
  recordNotice,
  songNameOf,
} from './push.repository.ts';

/**
 * Web Push notices to the requesters of a song (issue 29): "up next" when it
 * becomes the first waiting song as the booth moves on, "playing" when it
 * starts, "rejected" when the DJ passes on it — each once per song and
 * phone. A committed queue write only enqueues a job; the job finds who to
 * tell and sends, paced per event, so neither the write nor a node's loop
 * waits on push services.
 */

/** One notice job: what happened, to which song (up next: whichever is first when the job runs). */
export interface PushNoticeJob {
  eventId: number;
  kind: PushNoticeKind;
  songId?: string;
  songName?: string;
  /** Who asked for a rejected song (its requests are no longer in its queue). */
  attendeeIds?: number[];
}

/** Sends started per second and event, in each process that runs jobs (event-pacer.ts). */
export const PUSH_SENDS_PER_SECOND_PER_EVENT = 50;

/** Notices wait this long at the push service for a phone that is offline, then are dropped. */
const TIME_TO_LIVE_SECONDS: Record<PushNoticeKind, number> = {
  'up-next': 15 * 60,
  playing: 5 * 60,
  rejected: 60 * 60,
};

/**
 * The notice jobs a committed write calls for. The booth moving on (a song
 * started or stopped, or a host's mark on a song) may change which song is
 * up next; a guest's own request or cancel does not call for one.
 */
export function pushNoticeJobs(change: QueueChange): { jobId: string; job: PushNoticeJob }[] {
  const { eventId, seq } = change;
  const jobs: { jobId: string; job: PushNoticeJob }[] = [];
  const playing = change.nowPlaying;
  if (playing && playing.requested) {
    jobs.push({
      jobId: `push-playing-${eventId}-${seq}`,
      job: { eventId, kind: 'playing', songId: playing.song_id, songName: playing.song_name },
    });
  }
  if (change.rejected) {
    const { songId, songName, attendeeIds } = change.rejected;
    jobs.push({
      jobId: `push-rejected-${eventId}-${seq}`,
      job: { eventId, kind: 'rejected', songId, songName, attendeeIds },
    });
  }
  if (playing !== undefined || change.songs.some((song) => song.audience === 'room')) {
    jobs.push({ jobId: `push-up-next-${eventId}-${seq}`, job: { eventId, kind: 'up-next' } });
  }
  return jobs;
}

/** Publishes a committed change as before, and enqueues the notices it calls for. */
export function withPushNotices(
  publish: QueuePublisher,
  queue: JobQueue,
  logger: FastifyBaseLogger,
): QueuePublisher {
  return (change) => {
    publish(change);
    for (const { jobId, job } of pushNoticeJobs(change)) {
      queue.enqueue('push:notify', job, { jobId }).catch((error: unknown) => {
        // A notice is a courtesy beside the page's own live state: a lost one is logged, not retried.
        logger.warn({ err: error, jobId }, 'push notice not enqueued');
      });
    }
  };
}

/** The push service's Topic header: a newer notice of the same song replaces one not yet delivered. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/** A push service's answer to one message, or the network's failure to reach it. */
type SendOutcome = 'sent' | 'gone' | 'retry' | 'refused';

/** How long one push service may take to answer. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends one message as web-push builds it (encrypted payload, VAPID
 * headers), over fetch: 201 taken; 404 and 410 the phone is gone; 429, 5xx
 * and network failures may pass; any other answer is a refusal.
 */
async function deliver(
  details: webpush.RequestDetails,
): Promise<{ outcome: SendOutcome; status?: number }> {
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    return { outcome: 'retry' };
  }
  await response.body?.cancel();
  const { status } = response;
  if (status >= 200 && status < 300) return { outcome: 'sent', status };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  if (status === 429 || status >= 500) return { outcome: 'retry', status };
  return { outcome: 'refused', status };
}

export interface PushNoticeDeps {
  db: Db;
  config: Config;
  pacer: EventPacer;
  logger: FastifyBaseLogger;
}

/**
 * Sends one notice job to every phone that should hear it and has not. A
 * phone the push service no longer knows (404, 410) is forgotten; other
 * refusals are logged; failures a push service may recover from fail the
 * job, and its retry sends only to the phones still without the notice.
 */
export function sendPushNoticesJob(deps: PushNoticeDeps): JobHandler<'push:notify'> {
  const { db, config, pacer, logger } = deps;
  return async (job, context) => {
    const event = await noticeEvent(db, job.eventId);
    if (!event) return;
    if (event.ended) {
      await deleteEventSubscriptions(db, job.eventId);
      return;
    }
    const songId = job.songId ?? (await readEventLine(db, job.eventId))?.songs[0]?.[0];
    if (!songId) return;
    const targets = await noticeTargets(db, {
      eventId: job.eventId,
      songId,
      kind: job.kind,
      attendeeIds: job.attendeeIds,
    });
    if (targets.length === 0) return;
    const songName = job.songName ?? (await songNameOf(db, job.eventId, songId));
    if (songName === undefined) return;
    const notice = pushNoticeFor(job.kind, {
      songName,
      songId,
      eventName: event.name,
      eventCode: event.code,
      eventId: job.eventId,
    });
    const payload = JSON.stringify(notice);
    const options: webpush.RequestOptions = {
      vapidDetails: config.push.vapid,
      TTL: TIME_TO_LIVE_SECONDS[job.kind],
      urgency: 'high',
      topic: topicOf(notice.tag),
      contentEncoding: 'aes128gcm',
    };
    const outcomes = await Promise.all(
      targets.map(async (target): Promise<SendOutcome> => {
        await pacer.take(job.eventId);
        const keys = openKeys(config.encryptionKey, target.endpoint, target.keys_sealed);
        const details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys },
          payload,
          options,
        );
        const { outcome, status } = await deliver(details);
        if (outcome === 'sent') await recordNotice(db, target.id, songId, job.kind);
        else if (outcome === 'gone') await deleteSubscriptionById(db, target.id);
        else {
          context.log?.warn(
            { subscription: target.id, kind: job.kind, status, outcome },
            'push notice not sent',
          );
        }
        return outcome;
      }),
    );
    const retry = outcomes.filter((outcome) => outcome === 'retry').length;
    logger.debug({ eventId: job.eventId, kind: job.kind, outcomes }, 'push notices sent');
    if (retry > 0)
      throw new Error(`${retry} of ${targets.length} push notices failed; trying again`);
  };
}
