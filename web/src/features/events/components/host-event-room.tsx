import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { EVENT_DELETED_MSG, LiveEventRoom } from '@/features/realtime';
import { notifyInfo } from '@/lib/notify';
import { eventDetailsQuery, isEventId } from '../api/get-event-details';

/**
 * A host's screen of one event (its page, the booth) inside the event's live
 * room: the host's snapshot kept current from the pushes, polled while the
 * socket is down; when the event is deleted, back to the host's events.
 */
export function HostEventRoom({ eventId, children }: { eventId: number; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <LiveEventRoom
      eventId={eventId}
      snapshot={eventDetailsQuery(eventId)}
      enabled={isEventId(eventId)}
      onDeleted={() => {
        notifyInfo(EVENT_DELETED_MSG);
        navigate(paths.host.events.getHref(), { replace: true });
      }}
    >
      {children}
    </LiveEventRoom>
  );
}
