import { REQUEST_RULE_MSG, type RequestSettings, type SongRequest } from '@floorfill/shared';
import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** A cooldown as a guest reads it: "2 min", "45 s". */
function spanOf(seconds: number): string {
  return seconds >= 60 ? `${Math.round(seconds / 60)} min` : `${seconds} s`;
}

/** How many more songs this guest may have waiting, or null when the host set no cap. */
export function requestsLeft(
  settings: RequestSettings,
  ownRequests: readonly SongRequest[],
): number | null {
  const cap = settings.max_open_requests_per_guest;
  if (cap === 0) return null;
  const waiting = ownRequests.filter((request) => request.status === 0).length;
  return Math.max(0, cap - waiting);
}

/** May the guest send a request now (as far as the page can tell)? */
export function canRequest(
  settings: RequestSettings,
  ownRequests: readonly SongRequest[],
): boolean {
  return settings.requests_open && requestsLeft(settings, ownRequests) !== 0;
}

/**
 * What the host's request controls mean for this guest, before they try:
 * closed, how many requests they have left, and the cooldown. Updated live
 * (`event:settings`); the server decides in the end.
 */
export function RequestState({
  settings,
  ownRequests,
}: {
  settings: RequestSettings;
  ownRequests: readonly SongRequest[];
}) {
  if (!settings.requests_open) {
    return (
      <Alert
        color="orange"
        icon={<IconInfoCircle size={18} aria-hidden="true" />}
        title={REQUEST_RULE_MSG.closed}
        // Mantine's light orange title is 3.6:1 on its tint; the page's text colour reads at arm's length.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        The DJ will open requests again soon; your songs already asked for stay in the queue.
      </Alert>
    );
  }
  const left = requestsLeft(settings, ownRequests);
  const cap = settings.max_open_requests_per_guest;
  const cooldown = settings.guest_cooldown_seconds;
  if (left === null && cooldown === 0) return null;
  return (
    <Text size="sm" c="dimmed" role="status">
      {left !== null
        ? left === 0
          ? REQUEST_RULE_MSG.tooMany(cap)
          : `${left} of ${cap} requests left.`
        : null}
      {left !== null && cooldown > 0 ? ' ' : null}
      {cooldown > 0 ? `One request every ${spanOf(cooldown)}.` : null}
    </Text>
  );
}
