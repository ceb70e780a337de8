/** What other features may use of song requests; everything else here is private. */
export { useCancelSongRequest } from './api/song-requests';
export { useKeptRequests } from './api/request-outbox';
export { OutboxRequests } from './components/outbox-requests';
export { OwnSongRequests } from './components/own-song-requests';
export { PopularSongs } from './components/popular-songs';
export { PushAlertsControl } from './components/push-alerts-control';
export { SongSearch } from './components/song-search';
export { SongArtwork } from './components/song-artwork';
export { requestedSongIds } from './utils/own-requests';
export { usePlayingNowAlerts } from './utils/playing-alerts';
