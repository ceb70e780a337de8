export { useEventLanding, type LandingLookup } from './api/get-event-landing';
export { useHostLanding, type HostLandingLookup } from './api/get-host-landing';
export { EventLanding, LandingNotice } from './components/event-landing';
export { HostLanding } from './components/host-landing';
export { rememberGuestName } from './utils/guest-name';
