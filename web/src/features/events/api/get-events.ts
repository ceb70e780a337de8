import {
  eventCalendarSchema,
  eventSummarySchema,
  hostDashboardDataSchema,
  type EventSummary,
} from '@floorfill/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type ApiPage } from '@/lib/api-client';
import { eventKeys, type EventListParams } from './event-keys';

/** One page of the host's events, with the pagination the table's pager needs. */
export function getEventList(
  params: EventListParams,
  signal?: AbortSignal,
): Promise<ApiPage<EventSummary[]>> {
  return api.getPage('/api/v1/get-event-list', {
    query: params,
    schema: z.array(eventSummarySchema),
    signal,
  });
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

export function useHostDashboard() {
  return useQuery({
    queryKey: eventKeys.dashboard(),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-host-dashboard-data', {
          schema: hostDashboardDataSchema,
          signal,
        })
      ).data,
  });
}
