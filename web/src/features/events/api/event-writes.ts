import { deletedEventSchema, eventSummarySchema, type MarkAs } from '@floorfill/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/** What the event form sends, times already as ISO instants. */
export interface EventFormPayload {
  name: string;
  /** The venue's IANA zone; the times were entered on its clock. */
  timezone: string;
  start_time: string;
  end_time: string;
  address: string;
  zip: string;
  city: string;
  state: string;
  country: string;
}

export interface CreateEventInput {
  fields: EventFormPayload;
  banner: File | null;
}

/** store-event is multipart (spec §7): the fields (the venue's zone among them) and the banner file. */
export function createEvent({ fields, banner }: CreateEventInput) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (banner) form.set('banner', banner);
  return api.post('/api/v1/store-event', { body: form, schema: eventSummarySchema });
}

export interface UpdateEventInput {
  id: number;
  fields: EventFormPayload;
  banner: File | null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('The image could not be read.'));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** update-event is JSON; a new banner travels as a data URL, an absent one keeps the old. */
export async function updateEvent({ id, fields, banner }: UpdateEventInput) {
  const body: Record<string, unknown> = { id, ...fields };
  if (banner) body.banner = await readAsDataUrl(banner);
  return api.post('/api/v1/update-event', { body, schema: eventSummarySchema });
}

export function deleteEvent(id: number) {
  return api.post('/api/v1/delete-event', { body: { id }, schema: deletedEventSchema });
}

/** The marks the event page's song cards offer (the booth offers the rest). */
export type CardMark = Extract<MarkAs, 'played' | 'unplayed' | 'delete'>;

export interface MarkSongRequestInput {
  event_id: number;
  song_id: string;
  mark_as: MarkAs;
}

/**
 * The host marks a song played or unplayed, or removes it from the queue
 * (spec §4); the booth also plays it, puts it off (later), rejects it and
 * restores it.
 */
export function markSongRequest(input: MarkSongRequestInput) {
  return api.post('/api/v1/mark-as-song-request', { body: { ...input } });
}

/** Every event screen reads from the cache under `events`; a write refreshes them all. */
export function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventKeys.all });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => invalidate() });
}

export function useMarkSongRequest() {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: markSongRequest, onSuccess: () => invalidate() });
}
