import {
  EVENT_LIST_DEFAULT_PER_PAGE,
  EVENT_SEARCH_DEBOUNCE_MS,
  EVENT_SEARCH_MAX,
  type EventSummary,
} from '@floorfill/shared';
import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Select,
  Stack,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useEventList } from '../api/get-events';
import { useEventListParams } from '../utils/event-list-params';
import { CreateEventButton } from './create-event-button';
import { EventFormModal } from './event-form-modal';
import { EventsPagination } from './events-pagination';
import { EventsTable } from './events-table';

const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'start_time', label: 'Start Time' },
];

/**
 * Spec §2 "My Events": the Event Table with search, sort and pages, all kept
 * in the URL so reload and Back show the same rows.
 */
export function MyEvents() {
  const { params, setParams } = useEventListParams();
  const [creating, setCreating] = useState(false);
  const [searchText, setSearchText] = useState(params.search);
  const [shownSearch, setShownSearch] = useState(params.search);
  // Back/forward change the URL under the box: show what the URL says.
  if (params.search !== shownSearch) {
    setShownSearch(params.search);
    setSearchText(params.search);
  }

  const commitSearch = useDebouncedCallback((value: string) => {
    setShownSearch(value);
    setParams({ search: value, page: 1 });
  }, EVENT_SEARCH_DEBOUNCE_MS);

  const list = useEventList({
    page: params.page,
    perPage: EVENT_LIST_DEFAULT_PER_PAGE,
    search: params.search.trim() || undefined,
    sort: params.sort,
    order: params.order,
  });
  const events: EventSummary[] = list.data?.data ?? [];
  const pagination = list.data?.pagination;
  const ascending = params.order === 'asc';
  const lastPage = pagination?.lastPage;

  // A page that no longer exists (the last row of the last page was deleted): show the last one.
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && params.page > lastPage) {
      setParams({ page: lastPage }, { replace: true });
    }
  }, [lastPage, params.page, setParams]);

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Group gap="xs">
              <Title order={2} fz="lg" id="event-table-title">
                Event Table
              </Title>
              <Badge variant="light" size="lg" aria-label={`${pagination?.total ?? 0} events`}>
                {pagination?.total ?? 0}
              </Badge>
            </Group>
            <CreateEventButton onClick={() => setCreating(true)} />
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search events"
              placeholder="Name, address, city…"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={searchText}
              maxLength={EVENT_SEARCH_MAX}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                commitSearch(event.currentTarget.value);
              }}
              type="search"
              flex="1 1 220px"
            />
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Select
                label="Sort by"
                data={SORT_OPTIONS}
                value={params.sort}
                allowDeselect={false}
                onChange={(value) => {
                  if (value === 'name' || value === 'start_time')
                    setParams({ sort: value, page: 1 });
                }}
                w={160}
              />
              <Tooltip label={ascending ? 'Ascending' : 'Descending'}>
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={`Sort order: ${ascending ? 'ascending' : 'descending'}`}
                  onClick={() => setParams({ order: ascending ? 'desc' : 'asc', page: 1 })}
                >
                  {ascending ? (
                    <IconSortAscending size={18} aria-hidden="true" />
                  ) : (
                    <IconSortDescending size={18} aria-hidden="true" />
                  )}
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <EventsTable events={events} loading={list.isPending} fetching={list.isFetching} />
          {pagination && pagination.lastPage > 1 ? (
            <EventsPagination
              page={pagination.currentPage}
              total={pagination.lastPage}
              onChange={(page) => setParams({ page })}
            />
          ) : null}
        </Stack>
      </Card>
      <EventFormModal opened={creating} onClose={() => setCreating(false)} mode="create" />
    </Stack>
  );
}
