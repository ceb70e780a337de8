import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { cssVariablesResolver, theme } from '@/app/theme';
import { createQueryClient } from '@/lib/query-client';

/** Mounts routes the way the app does (Mantine, notifications, query cache) at `url`. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
}

/** One element on one route, for component tests that need router and providers. */
export function renderWithProviders(element: ReactElement, url = '/') {
  const path = new URL(url, 'http://localhost').pathname;
  return renderRoutes([{ path, element }], url);
}

interface StubbedAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Replaces `fetch` with answers by path; every call is recorded with its
 * parsed JSON body. An answer made by a function sees the body and the
 * request's headers. Unknown paths answer 404 in the API's envelope.
 */
export function stubApi(
  answers: Record<
    string,
    StubbedAnswer | ((body: unknown, headers: Headers) => StubbedAnswer | Promise<StubbedAnswer>)
  >,
) {
  const calls: {
    path: string;
    search: string;
    method: string;
    body: unknown;
    init: RequestInit | undefined;
  }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({
      path: url.pathname,
      search: url.search,
      method: init?.method ?? 'GET',
      body,
      init,
    });
    const entry = answers[url.pathname];
    const answer =
      typeof entry === 'function' ? await entry(body, new Headers(init?.headers)) : entry;
    if (!answer) {
      return Response.json({ status: false, msg: 'Not found.' }, { status: 404 });
    }
    return Response.json(answer.body, {
      status: answer.status ?? 200,
      headers: answer.headers ?? {},
    });
  };
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
