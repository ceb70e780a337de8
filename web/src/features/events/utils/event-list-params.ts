import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type EventSort = 'name' | 'start_time';
export type SortOrder = 'asc' | 'desc';

export interface EventListUrlState {
  search: string;
  sort: EventSort;
  order: SortOrder;
  page: number;
}

/** The server's defaults (start_time, newest first), which the URL leaves out. */
export const EVENT_LIST_DEFAULTS: EventListUrlState = {
  search: '',
  sort: 'start_time',
  order: 'desc',
  page: 1,
};

export function readEventListParams(query: URLSearchParams): EventListUrlState {
  const sort = query.get('sort');
  const order = query.get('order');
  const page = Number(query.get('page'));
  return {
    search: query.get('search') ?? '',
    sort: sort === 'name' || sort === 'start_time' ? sort : EVENT_LIST_DEFAULTS.sort,
    order: order === 'asc' || order === 'desc' ? order : EVENT_LIST_DEFAULTS.order,
    page: Number.isSafeInteger(page) && page > 0 ? page : EVENT_LIST_DEFAULTS.page,
  };
}

export function writeEventListParams(state: EventListUrlState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.search) query.set('search', state.search);
  if (state.sort !== EVENT_LIST_DEFAULTS.sort) query.set('sort', state.sort);
  if (state.order !== EVENT_LIST_DEFAULTS.order) query.set('order', state.order);
  if (state.page !== EVENT_LIST_DEFAULTS.page) query.set('page', String(state.page));
  return query;
}

/** My Events' search, sort, order and page, read from and written to the URL's query. */
export function useEventListParams() {
  const [query, setQuery] = useSearchParams();
  const params = readEventListParams(query);
  const setParams = useCallback(
    (change: Partial<EventListUrlState>, options: { replace?: boolean } = {}) => {
      setQuery((current) => writeEventListParams({ ...readEventListParams(current), ...change }), {
        replace: options.replace,
      });
    },
    [setQuery],
  );
  return { params, setParams };
}
