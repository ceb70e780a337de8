/**
 * Every route of spec §2 in one map: `path` is the router pattern, `getHref`
 * builds a link. Screens never spell a URL by hand.
 */

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** Where the installed app opens (the web app manifest's start_url). */
  start: { path: '/start', getHref: () => '/start' },

  auth: {
    root: { path: '/auth' },
    login: {
      path: '/auth/login',
      /** `next`: the page of this site to come back to once signed in (a plain link carries it). */
      getHref: (options: { qr?: boolean; next?: string } = {}) =>
        withQuery('/auth/login', { qr: options.qr ? 'y' : undefined, next: options.next }),
    },
    register: { path: '/auth/register', getHref: () => '/auth/register' },
    resetPassword: { path: '/auth/reset-password', getHref: () => '/auth/reset-password' },
    verification: {
      path: '/auth/verification',
      getHref: (email: string) => withQuery('/auth/verification', { email }),
    },
    emailVerification: {
      path: '/auth/verification/email',
      getHref: (email: string) => withQuery('/auth/verification/email', { email }),
    },
  },

  host: {
    root: { path: '/host' },
    dashboard: { path: '/host/dashboard', getHref: () => '/host/dashboard' },
    events: { path: '/host/event', getHref: () => '/host/event' },
    eventDetails: {
      path: '/host/event/:eventId',
      getHref: (eventId: number | string) => `/host/event/${eventId}`,
    },
    booth: {
      path: '/host/event/:eventId/booth',
      getHref: (eventId: number | string) => `/host/event/${eventId}/booth`,
    },
    profile: { path: '/host/profile', getHref: () => '/host/profile' },
    profileEdit: {
      path: '/host/profile/edit',
      getHref: (options: { tab?: 'profile' | 'wallet' } = {}) =>
        withQuery('/host/profile/edit', { tab: options.tab }),
    },
    stripeConnectSuccess: {
      path: '/host/stripe/connect/success',
      getHref: () => '/host/stripe/connect/success',
    },
    cropperTest: { path: '/host/test', getHref: () => '/host/test' },
  },

  attendee: {
    root: { path: '/attendee' },
    dashboard: { path: '/attendee/dashboard', getHref: () => '/attendee/dashboard' },
    profile: { path: '/attendee/profile', getHref: () => '/attendee/profile' },
    profileEdit: { path: '/attendee/profile/edit', getHref: () => '/attendee/profile/edit' },
    eventDetails: {
      path: '/attendee/event/:eventId',
      getHref: (eventId: number | string) => `/attendee/event/${eventId}`,
    },
    hostProfile: {
      path: '/attendee/host-profile/:hostId',
      getHref: (hostId: number | string) => `/attendee/host-profile/${hostId}`,
    },
  },

  /** The big screen: public, opened with the event's code. */
  display: {
    path: '/display/:code',
    getHref: (code: string) => `/display/${encodeURIComponent(code)}`,
  },

  room: {
    landing: { path: '/e/:code', getHref: (code: string) => `/e/${encodeURIComponent(code)}` },
    /** A host's public page, what their profile link and QR open; `key` is the one the owner's link carries. */
    host: {
      path: '/h/:hostId',
      getHref: (hostId: number | string, key?: string) => withQuery(`/h/${hostId}`, { k: key }),
    },
  },

  legal: {
    // The misspelling is the spec's public URL (§2); links elsewhere already point at it.
    terms: { path: '/trems-and-conditions', getHref: () => '/trems-and-conditions' },
    privacy: { path: '/privacy-and-policy', getHref: () => '/privacy-and-policy' },
  },

  notFound: { path: '/404', getHref: () => '/404' },
} as const;
