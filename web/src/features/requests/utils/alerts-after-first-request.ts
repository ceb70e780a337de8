import { notifySuccess } from '@/lib/notify';
import { alertsChoice, askNotificationPermission, pushSupported } from './push-alerts-state';

/** A request sent in the background waits this long for the service worker before doing without. */
const BACKGROUND_WORKER_WAIT_MS = 30_000;

/**
 * After the guest's first request at an event, in that tap: the browser asks
 * (once) whether the page may notify them, and once allowed, this phone's
 * Web Push alerts are turned on for the event (their song up next, playing,
 * passed on), with the server's words as a toast. A guest who already chose
 * for this event (on, or turned off) is not asked again. Refused, dismissed,
 * no Web Push, no service worker (development), no push service, or a
 * refusal by the server: the page does without, quietly; the alerts control
 * still offers to turn them on.
 */
export function alertsAfterFirstRequest(userId: number, eventId: number): void {
  if (alertsChoice(userId, eventId) !== null) return;
  // Asked now, before anything is awaited: browsers ask only during a tap.
  const permission = askNotificationPermission();
  if (!pushSupported()) return;
  void permission
    .then(async (answer) => {
      if (answer !== 'granted') return;
      const { turnOnAlerts } = await import('./push-alerts');
      const outcome = await turnOnAlerts(userId, eventId, {
        waitForWorkerMs: BACKGROUND_WORKER_WAIT_MS,
      });
      if (outcome.kind === 'on') notifySuccess(outcome.msg);
    })
    .catch(() => undefined);
}
