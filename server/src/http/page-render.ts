import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { PageAnswer } from './page-answers.ts';

/**
 * The web app's own components drawn to HTML on the server, for the guest's
 * pages (the event landing, the guest's event page): the build's server
 * bundle (web/src/entry-server.tsx, built into `dist/.ssr`) renders the page
 * from the same answers the page carries (page-answers.ts), and the browser
 * hydrates that markup with the same components. One markup per screen.
 */
export interface PageRenderer {
  /** The markup inside `#root` for `url` (path and query), or null when the browser must draw it. */
  render(url: string, answers: Record<string, PageAnswer>): Promise<string | null>;
}

const SERVER_BUNDLE = '.ssr/entry-server.js';

type RenderPage = (url: string, answers: Record<string, PageAnswer>) => Promise<string>;

function isRenderPage(value: unknown): value is RenderPage {
  return typeof value === 'function';
}

/**
 * The build's page renderer, or null when the build has none (an older build,
 * a test's bare index.html): the pages are then drawn by the browser alone.
 * A page that fails to draw is logged and left to the browser too.
 */
export async function loadPageRenderer(
  distDir: string,
  log: FastifyBaseLogger,
): Promise<PageRenderer | null> {
  const bundle = path.join(distDir, SERVER_BUNDLE);
  if (!existsSync(bundle)) {
    log.warn({ bundle }, 'no server bundle in the web build: guest pages are drawn by the browser');
    return null;
  }
  const loaded: unknown = await import(pathToFileURL(bundle).href);
  const renderPage =
    typeof loaded === 'object' && loaded !== null && 'renderPage' in loaded
      ? loaded.renderPage
      : undefined;
  if (!isRenderPage(renderPage)) throw new Error(`${bundle} exports no renderPage`);
  return {
    async render(url, answers) {
      try {
        return await renderPage(url, answers);
      } catch (error) {
        log.warn({ err: error, url }, 'the server could not draw a page: the browser draws it');
        return null;
      }
    },
  };
}
