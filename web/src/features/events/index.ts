/** What other features may use of events; everything else here is private. */
export { eventKeys } from './api/event-keys';
export { useMarkSongRequest } from './api/event-writes';
export { eventDetailsQuery, isEventId } from './api/get-event-details';
export { HostEventRoom } from './components/host-event-room';
export { ConfirmDialog } from './components/confirm-dialog';
export { EventDetailsError, EventDetailsSkeleton } from './components/event-details-fallback';
export { EventFacts } from './components/event-facts';
export { EventHeaderCard } from './components/event-header-card';
export { EventShareModal } from './components/event-share-modal';
export { HostCard } from './components/host-card';
export { lazyConfirmDialog, lazyEventShareModal } from './components/lazy-dialogs';
export { SetListButton } from './components/set-list-button';
export { truncate } from './utils/truncate';
export { useHostEventDetails } from './utils/use-host-event-details';
