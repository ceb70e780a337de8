import { PLAY_SECONDS, type BridgeKey, type DeckSettings } from '@floorfill/shared';
import { Button, Loader, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { useId, useState, type ReactNode } from 'react';
import { errorMessageOf } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBridgePanel, useUpdateDeckSettings } from '../api/bridge-panel';
import { BridgeList } from './bridge-list';
import { BridgePairing } from './bridge-pairing';
import { DeckTracks } from './deck-tracks';

/** A typed number of seconds is saved once typing pauses this long (or the field is left). */
const SAVE_SECONDS_AFTER_MS = 600;

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `decks-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} id={id} fz="sm" tt="uppercase" lts={1} c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The switch saves at once; the seconds save as they are typed (the
 * server's field error shows under the field when it refuses a value).
 */
function DeckSettingsForm({ eventId, settings }: { eventId: number; settings: DeckSettings }) {
  const toggle = useUpdateDeckSettings(eventId);
  const timing = useUpdateDeckSettings(eventId);
  const form = useForm<{ play_seconds: number | string }>({
    initialValues: { play_seconds: settings.play_seconds },
  });
  const saveSeconds = useDebouncedCallback(
    (seconds: number) =>
      timing.mutate(
        { play_seconds: seconds },
        {
          onSuccess: ({ msg }) => notifySuccess(msg || 'Saved.'),
          onError: (error) => showFormError(form, error),
        },
      ),
    { delay: SAVE_SECONDS_AFTER_MS, flushOnUnmount: true },
  );
  const secondsInput = form.getInputProps('play_seconds');
  const describedBy = useId();

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Switch
          size="lg"
          label="Follow the decks"
          // Said beside the switch, not in its name: the name stays the switch's label.
          aria-describedby={describedBy}
          checked={settings.follow_decks}
          disabled={toggle.isPending}
          onChange={(event) =>
            toggle.mutate(
              { follow_decks: event.currentTarget.checked },
              {
                onSuccess: ({ msg }) => notifySuccess(msg || 'Saved.'),
                onError: (error) => notifyError(errorMessageOf(error)),
              },
            )
          }
        />
        <Text size="sm" c="dimmed" id={describedBy}>
          Songs the decks play are marked playing by themselves
        </Text>
      </Stack>
      <NumberInput
        label="Seconds a deck plays a track before it counts"
        description={`${PLAY_SECONDS.min} to ${PLAY_SECONDS.max} (${PLAY_SECONDS.default} unless you change it)`}
        min={PLAY_SECONDS.min}
        max={PLAY_SECONDS.max}
        allowDecimal={false}
        // The server judges the value and says what is wrong with it.
        clampBehavior="none"
        {...secondsInput}
        onChange={(value) => {
          secondsInput.onChange(value);
          if (typeof value === 'number') saveSeconds(value);
          else saveSeconds.cancel();
        }}
        onBlur={(event) => {
          secondsInput.onBlur?.(event);
          saveSeconds.flush();
        }}
      />
    </Stack>
  );
}

/**
 * Follow the decks (issue 28): whether tracks the bridge on the DJ's laptop
 * reports mark the queue, connecting a bridge with a pairing code, the
 * bridges and what became of the tracks they reported. A pairing code is
 * shown once, by the answer that made it, so it lives in this panel's state
 * and nowhere else.
 */
export function FollowTheDecks({ eventId, timeZone }: { eventId: number; timeZone: string }) {
  const [pairing, setPairing] = useState<BridgeKey | null>(null);
  const panel = useBridgePanel(eventId, pairing?.id ?? null);

  if (panel.isPending) return <Loader size="sm" aria-label="Loading the decks" />;
  if (panel.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text c="red">{errorMessageOf(panel.error)}</Text>
        <Button variant="default" size="xs" onClick={() => void panel.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }

  const { settings, keys, tracks } = panel.data;
  const pairedKey = pairing
    ? keys.find((key) => key.id === pairing.id && key.paired_at)
    : undefined;
  return (
    <Stack gap="lg">
      <DeckSettingsForm eventId={eventId} settings={settings} />
      <PanelSection title="Connect a bridge">
        <BridgePairing
          eventId={eventId}
          pairing={pairing}
          paired={pairedKey !== undefined}
          onPairing={setPairing}
        />
      </PanelSection>
      <PanelSection title="Bridges">
        <BridgeList
          eventId={eventId}
          keys={keys}
          timeZone={timeZone}
          onRevoked={(key) => {
            if (key.id === pairing?.id) setPairing(null);
          }}
        />
      </PanelSection>
      <PanelSection title="Last tracks from the decks">
        <DeckTracks eventId={eventId} tracks={tracks} timeZone={timeZone} />
      </PanelSection>
    </Stack>
  );
}
