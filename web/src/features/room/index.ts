export { useEventLanding, type LandingLookup } from './api/get-event-landing';
export { EventLanding, LandingNotice } from './components/event-landing';
export { rememberGuestName } from './utils/guest-name';
