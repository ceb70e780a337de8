import {
  eventCalendarSchema,
  eventListResponseSchema,
  eventSummarySchema,
  hostDashboardSchema,
  hostDashboardTipsSchema,
  MSG,
  type EventListResponse,
} from '@floorfill/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ApiError } from '@/lib/api-client';
import { eventKeys, type EventListParams } from './event-keys';

const EVENT_LIST_PATH = '/api/v1/get-event-list';

/**
 * get-event-list puts `pagination` beside `data`, outside what the api
 * client hands back, so this one call reads the whole envelope itself. A lost
 * session is handed back to the api client, whose 401 handler owns that case.
 */
export async function getEventList(
  params: EventListParams,
  signal?: AbortSignal,
): Promise<EventListResponse> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const response = await fetch(`${EVENT_LIST_PATH}?${query.toString()}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (response.status === 401) {
    await api.get(EVENT_LIST_PATH, { signal });
  }
  const body: unknown = await response.json().catch(() => null);
  const parsed = eventListResponseSchema.safeParse(body);
  if (!response.ok || !parsed.success) {
    const msg =
      typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string'
        ? body.msg
        : MSG.unexpected;
    throw new ApiError({ httpStatus: response.status, msg });
  }
  return parsed.data;
}

export function eventListQueryOptions(params: EventListParams) {
  return queryOptions({
    queryKey: eventKeys.list(params),
    queryFn: ({ signal }) => getEventList(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEventList(params: EventListParams, enabled = true) {
  return useQuery({ ...eventListQueryOptions(params), enabled });
}

export function useEventCalendar(month: string, tz: string) {
  return useQuery({
    queryKey: eventKeys.calendar(month, tz),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-event-calendar', {
          query: { month, tz },
          schema: eventCalendarSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useUpcomingEvents() {
  return useQuery({
    queryKey: eventKeys.upcoming(),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-upcoming-event-list', {
          schema: z.array(eventSummarySchema),
          signal,
        })
      ).data,
  });
}

/** The payments slice adds paid-tip totals to the dashboard answer. */
const hostDashboardWithTipsSchema = hostDashboardSchema.extend(
  hostDashboardTipsSchema.partial().shape,
);
export type HostDashboardData = z.infer<typeof hostDashboardWithTipsSchema>;

export function useHostDashboard() {
  return useQuery({
    queryKey: eventKeys.dashboard(),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-host-dashboard-data', {
          schema: hostDashboardWithTipsSchema,
          signal,
        })
      ).data,
  });
}
