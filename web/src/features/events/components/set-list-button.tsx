import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type SetListFormat = 'csv' | 'm3u';

/** Where the set list downloads from (the session cookie goes along; the server checks the host). */
export function setListHref(eventId: number, format: SetListFormat): string {
  return `/api/v1/export-set-list?event_id=${eventId}&format=${format}`;
}

interface SetListButtonProps extends ButtonProps {
  eventId: number;
  format: SetListFormat;
  children: ReactNode;
  'aria-label'?: string;
}

/** A button that downloads the night's set list as a spreadsheet (CSV) or a playlist (M3U). */
export function SetListButton({ eventId, format, children, ...button }: SetListButtonProps) {
  return (
    <Button component="a" href={setListHref(eventId, format)} download {...button}>
      {children}
    </Button>
  );
}
