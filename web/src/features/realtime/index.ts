/**
 * The live event room, for the pages that show an event: keep its snapshot
 * current from the pushes (and catch up after a reconnect), and say whether
 * it is live.
 */
export { LiveStatus } from './components/live-status';
export { LiveEventRoom, RoomLiveStatus, useRoomLive } from './components/live-event-room';
export { EVENT_DELETED_MSG, useEventRoom } from './use-event-room';
