/**
 * Where the device remembers its colour scheme (light, dark or auto), read by
 * Mantine's colour-scheme manager and, before the app's code arrives, by the
 * script that `web/build-plugins/color-scheme-script.ts` puts in index.html.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'floorfill.color-scheme';
