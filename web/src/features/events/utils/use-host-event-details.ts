import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { eventDetailsQuery, isEventId } from '../api/get-event-details';

/**
 * The host's view of one event for a page of its own (the event page, the
 * booth). An id that is no event, or one the server does not know, sends the
 * host to the not-found page instead; `missing` says so meanwhile.
 */
export function useHostEventDetails(eventId: number) {
  const navigate = useNavigate();
  const details = useQuery(eventDetailsQuery(eventId));
  const missing =
    !isEventId(eventId) || (isApiError(details.error) && details.error.httpStatus === 404);
  useEffect(() => {
    if (missing) navigate(paths.notFound.getHref(), { replace: true });
  }, [missing, navigate]);
  return { details, missing };
}
