import type { GroupedSongRequest, HostEventDetails } from '@floorfill/shared';
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { IconDeviceTv, IconDownload } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { SetListButton } from '@/features/events';
import { LocalAddressNote } from '@/features/sharing';
import classes from './booth.module.css';
import { FollowTheDecks } from './follow-the-decks';
import { PlayedHistory } from './played-history';
import { RequestControls } from './request-controls';
import { WhoIsHere } from './who-is-here';

interface BoothPanelsProps {
  eventId: number;
  event: HostEventDetails;
  /** Played songs, the latest first. */
  played: readonly GroupedSongRequest[];
  onUnplay: (song: GroupedSongRequest) => void;
}

/**
 * The booth's side: the big screen and the set list a click away, then one
 * tab at a time of who is here, the played history, the request controls and
 * following the decks.
 */
export function BoothPanels({ eventId, event, played, onUnplay }: BoothPanelsProps) {
  return (
    <Stack gap="md" component="aside" aria-label="Booth panels">
      <LocalAddressNote url={event.url} />
      <Group gap="xs">
        <Button
          component="a"
          href={paths.display.getHref(event.code)}
          target="_blank"
          rel="noopener"
          variant="light"
          leftSection={<IconDeviceTv size={16} aria-hidden="true" />}
        >
          Big screen
        </Button>
        <SetListButton
          eventId={eventId}
          format="csv"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          Set list CSV
        </SetListButton>
        <SetListButton eventId={eventId} format="m3u" variant="default" aria-label="Set list M3U">
          M3U
        </SetListButton>
      </Group>
      <Tabs defaultValue="here" keepMounted={false}>
        <Tabs.List className={classes.panelTabs}>
          <Tabs.Tab value="here">Who is here ({event.enrolled_users_count})</Tabs.Tab>
          <Tabs.Tab value="played">Played ({played.length})</Tabs.Tab>
          <Tabs.Tab value="controls">Request controls</Tabs.Tab>
          <Tabs.Tab value="decks">Follow the decks</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="here" pt="md">
          <WhoIsHere eventId={eventId} timeZone={event.timezone} />
        </Tabs.Panel>
        <Tabs.Panel value="played" pt="md">
          <PlayedHistory
            eventId={eventId}
            songs={played}
            timeZone={event.timezone}
            onUnplay={onUnplay}
          />
        </Tabs.Panel>
        <Tabs.Panel value="controls" pt="md">
          <RequestControls eventId={eventId} settings={event.request_settings} />
        </Tabs.Panel>
        <Tabs.Panel value="decks" pt="md">
          <FollowTheDecks eventId={eventId} timeZone={event.timezone} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
