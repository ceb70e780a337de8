/** What other features may use of profiles; everything else here is private. */
export { ProfileEventCard } from './components/profile-event-card';
