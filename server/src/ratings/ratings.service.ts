import { RATING_MSG, type StoreRatingAnswer, type StoreRatingBody } from '@floorfill/shared';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { ratingOf } from '../profiles/profiles.service.ts';
import * as repo from './ratings.repository.ts';

/**
 * Rating a host: one rating per attendee, host and event (a second one is
 * refused, not merged), and the host's sum and count move in the same
 * transaction, so the average stays exact under concurrent ratings. Only
 * someone who was there rates: for an event, a guest who joined it once it
 * has started; without one, a guest who joined one of the host's started
 * events. Anyone else could stuff a host's rating (or sink it).
 */
export async function storeRating(
  trx: DbOrTrx,
  attendeeId: number,
  body: StoreRatingBody,
): Promise<StoreRatingAnswer> {
  if (body.host_id === attendeeId) throw forbidden(RATING_MSG.selfRating);
  const host = await repo.findRateableHost(trx, body.host_id);
  if (!host) throw notFound(RATING_MSG.hostNotFound);
  if (body.event_id !== undefined) {
    const event = await repo.findLiveHostEvent(trx, body.event_id, host.id, attendeeId);
    if (!event) throw notFound(RATING_MSG.eventNotFound);
    if (!event.joined) throw forbidden(RATING_MSG.notJoined);
    if (!event.started) throw forbidden(RATING_MSG.notStarted);
  } else if (!(await repo.attendedHostEvent(trx, host.id, attendeeId))) {
    throw forbidden(RATING_MSG.neverAttended);
  }
  const stored = await repo.insertRating(trx, {
    hostId: host.id,
    attendeeId,
    eventId: body.event_id ?? null,
    rating: body.rating,
    feedback: body.feedback,
  });
  if (!stored) throw conflict(RATING_MSG.alreadyRated);
  const totals = await repo.addToHostRating(trx, host.id, body.rating);
  return {
    rating: ratingOf(totals.rating_sum, totals.rating_count),
    total_review: totals.rating_count,
    is_rated: true,
  };
}
