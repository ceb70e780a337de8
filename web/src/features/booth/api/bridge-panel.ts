import {
  bridgeExecutablesSchema,
  bridgeKeySchema,
  bridgePanelData,
  deckSettingsSchema,
  type BridgePanelData,
  type UpdateDeckSettingsBody,
} from '@floorfill/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { BRIDGE_EXECUTABLES_PATH } from '../utils/deck-words';
import { boothKeys } from './booth-keys';

/**
 * Bridges report to the server, not to the booth, and nothing is pushed
 * when one pairs or is seen: the panel asks again, often while a pairing
 * code waits to be typed (so "Connected" follows within seconds), else now
 * and then for the last-seen times and the tracks.
 */
export const BRIDGE_PANEL_REFRESH_MS = { pairing: 10_000, idle: 30_000 } as const;

/** Whether the panel still waits for the key whose pairing code is on screen to pair. */
function awaitsPairing(panel: BridgePanelData | undefined, pairingKeyId: number | null): boolean {
  if (pairingKeyId === null) return false;
  const key = panel?.keys.find((candidate) => candidate.id === pairingKeyId);
  return !key?.paired_at;
}

/**
 * The booth's bridge panel: deck settings, live bridge keys, the last tracks
 * reported. `pairingKeyId`: the key whose pairing code the booth shows, if any.
 */
export function useBridgePanel(eventId: number, pairingKeyId: number | null) {
  return useQuery({
    queryKey: boothKeys.bridgePanel(eventId),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/v1/get-bridge-panel', {
          query: { event_id: eventId },
          schema: bridgePanelData,
          signal,
        })
      ).data,
    refetchInterval: (query) =>
      awaitsPairing(query.state.data, pairingKeyId)
        ? BRIDGE_PANEL_REFRESH_MS.pairing
        : BRIDGE_PANEL_REFRESH_MS.idle,
  });
}

/** Follow the decks on or off, or the seconds a track must play; the answer is the settings. */
export function useUpdateDeckSettings(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<UpdateDeckSettingsBody, 'event_id'>) =>
      api.post('/api/v1/update-deck-settings', {
        body: { event_id: eventId, ...body },
        schema: deckSettingsSchema,
      }),
    onSuccess: ({ data: settings }) => {
      queryClient.setQueryData<BridgePanelData>(boothKeys.bridgePanel(eventId), (panel) =>
        panel ? { ...panel, settings } : panel,
      );
    },
  });
}

/** A new bridge key: its pairing code is in this answer only, never listed again. */
export function useCreateBridgeKey(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/api/v1/create-bridge-key', {
        body: { event_id: eventId },
        schema: bridgeKeySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boothKeys.bridgePanel(eventId) }),
  });
}

/** Revokes a bridge key: its bridge is refused from then on. */
export function useRevokeBridgeKey(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) =>
      api.post('/api/v1/revoke-bridge-key', {
        body: { event_id: eventId, key_id: keyId },
        schema: z.object({ id: z.number().int() }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boothKeys.bridgePanel(eventId) }),
  });
}

/**
 * The bridge's single executables this server hands out (none when the
 * build made none): a static file beside the downloads, read once.
 */
export function useBridgeExecutables() {
  return useQuery({
    queryKey: boothKeys.bridgeExecutables,
    queryFn: async ({ signal }) => {
      const response = await fetch(BRIDGE_EXECUTABLES_PATH, { signal });
      if (!response.ok) return [];
      const listed = bridgeExecutablesSchema.safeParse(await response.json());
      return listed.success ? listed.data : [];
    },
    staleTime: Infinity,
    retry: false,
  });
}
