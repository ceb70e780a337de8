import type { EventListQuery } from '@floorfill/shared';

export type EventListParams = Partial<
  Pick<EventListQuery, 'date' | 'tz' | 'page' | 'perPage' | 'search' | 'sort' | 'order'>
>;

/** Query keys of the host's event data; writes invalidate `all` so every screen refetches. */
export const eventKeys = {
  all: ['events'] as const,
  list: (params: EventListParams) => ['events', 'list', params] as const,
  calendar: (month: string, tz: string) => ['events', 'calendar', month, tz] as const,
  upcoming: () => ['events', 'upcoming'] as const,
  dashboard: () => ['events', 'dashboard'] as const,
  details: (id: number) => ['events', 'details', id] as const,
};
