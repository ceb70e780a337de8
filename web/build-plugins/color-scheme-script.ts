import type { Plugin } from 'vite';

/**
 * Sets `data-mantine-color-scheme` on <html> before the first paint, from the
 * scheme the device remembers (light, dark, or auto: the system's), so a dark
 * phone never flashes a white page while the app's code loads. What Mantine's
 * `ColorSchemeScript` renders, written into index.html: the scheme is this
 * device's, which the server (drawing the guest's pages) cannot know. The
 * server allows this one inline script by its hash.
 */
export function colorSchemeScript(storageKey: string): Plugin {
  const key = JSON.stringify(storageKey);
  const code =
    `try{var s=localStorage.getItem(${key});` +
    `if(s!=='light'&&s!=='dark')s=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';` +
    `document.documentElement.setAttribute('data-mantine-color-scheme',s)}catch(e){}`;
  return {
    name: 'floorfill:color-scheme-script',
    transformIndexHtml: () => [{ tag: 'script', children: code, injectTo: 'head-prepend' }],
  };
}
