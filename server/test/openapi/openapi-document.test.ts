import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RegisteredRoute } from '../../src/openapi/openapi.plugin.ts';
import { createStripeTestApp, type StripeTestApp } from '../payments/payment-fixtures.ts';
import { documentPath } from '../helpers/request-contract.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Why a route is left out of the document, or undefined when it must be in it. */
function hiddenBecause(url: string): string | undefined {
  if (url === '/metrics') return 'Prometheus text for scrapers, allowed by address or token';
  if (url === '/api/openapi.json') return 'the document itself';
  if (url.startsWith('/api/docs')) return "Swagger UI's page and assets";
  if (url === '/uploads/*') return 'stored images as static files; answers carry their URLs';
  return undefined;
}

let demo: TestApp;
let stripe: StripeTestApp;
beforeAll(async () => {
  [demo, stripe] = await Promise.all([createTestApp(), createStripeTestApp()]);
});
afterAll(async () => {
  await Promise.all([demo.close(), stripe.close()]);
});

async function documentOf(t: TestApp): Promise<OpenAPIV3_1.Document> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json<OpenAPIV3_1.Document>();
}

/** The routes a client can call: HEAD twins of GET routes are Fastify's, not ours. */
function servedRoutes(t: TestApp): RegisteredRoute[] {
  return t.app.registeredRoutes.filter((route) => route.method !== 'HEAD');
}

function operationOf(document: OpenAPIV3_1.Document, route: RegisteredRoute) {
  const method = route.method.toLowerCase() as OpenAPIV3_1.HttpMethods;
  return document.paths?.[documentPath(route.url)]?.[method];
}

function namesOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
}

function parameterNames(operation: OpenAPIV3_1.OperationObject, place: 'query' | 'path') {
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  return parameters
    .filter((parameter) => parameter.in === place)
    .map((parameter) => parameter.name)
    .sort();
}

/** What the document misses of one route, as readable lines. */
function gapsOf(document: OpenAPIV3_1.Document, route: RegisteredRoute): string[] {
  const name = `${route.method} ${route.url}`;
  const operation = operationOf(document, route);
  if (!operation) return [`${name}: not in the document`];
  const schema = route.schema ?? {};
  const gaps: string[] = [];
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  if (schema.body && !Object.values(body?.content ?? {}).every((media) => media.schema)) {
    gaps.push(`${name}: no request body schema`);
  }
  if (schema.body && Object.keys(body?.content ?? {}).length === 0) {
    gaps.push(`${name}: no request body media type`);
  }
  if (namesOf(schema.querystring).join() !== parameterNames(operation, 'query').join()) {
    gaps.push(`${name}: query parameters differ`);
  }
  if (namesOf(schema.params).join() !== parameterNames(operation, 'path').join()) {
    gaps.push(`${name}: path parameters differ`);
  }
  const declared = Object.keys(schema.response ?? {}).map((status) => status.toUpperCase());
  const documented = Object.keys(operation.responses ?? {});
  for (const status of declared) {
    if (!documented.includes(status)) gaps.push(`${name}: no ${status} answer`);
  }
  if (!documented.some((status) => /^[23]/.test(status))) gaps.push(`${name}: no success answer`);
  if (!documented.includes('4XX') || !documented.includes('5XX')) {
    gaps.push(`${name}: no error envelope for 4XX and 5XX`);
  }
  return gaps;
}

describe('GET /api/openapi.json', () => {
  it('shows every route the app serves, with its method, request schemas and answers', async () => {
    for (const t of [demo, stripe.t]) {
      const document = await documentOf(t);
      const shown = servedRoutes(t).filter((route) => !route.hidden);
      expect(shown.flatMap((route) => gapsOf(document, route))).toEqual([]);

      const operations = Object.values(document.paths ?? {}).flatMap((item) =>
        Object.keys(item ?? {}),
      );
      expect(operations).toHaveLength(shown.length);
    }
  });

  it('covers the Stripe webhook in Stripe mode and every other route in both modes', async () => {
    const demoRoutes = servedRoutes(demo).filter((route) => !route.hidden);
    const stripeRoutes = servedRoutes(stripe.t).filter((route) => !route.hidden);
    const names = (routes: RegisteredRoute[]) => routes.map((r) => `${r.method} ${r.url}`);
    expect(names(stripeRoutes)).toEqual(
      expect.arrayContaining([...names(demoRoutes), 'POST /api/stripe/webhook']),
    );
    expect(demoRoutes.length).toBeGreaterThanOrEqual(47);
  });

  it('leaves out only the routes hidden on purpose, each for a reason', () => {
    for (const t of [demo, stripe.t]) {
      const hidden = servedRoutes(t).filter((route) => route.hidden);
      const unexplained = hidden.filter((route) => !hiddenBecause(route.url));
      expect(unexplained.map((route) => `${route.method} ${route.url}`)).toEqual([]);
      const shown = servedRoutes(t).filter((route) => !route.hidden);
      expect(shown.filter((route) => hiddenBecause(route.url))).toEqual([]);
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    for (const t of [demo, stripe.t]) {
      const document = await documentOf(t);
      expect(document.openapi).toBe('3.1.0');
      await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    }
  });

  it('shows the form posts the spec sends, and what the non-JSON routes answer', async () => {
    const { paths = {} } = await documentOf(demo);
    const mediaOf = (path: string, method: 'get' | 'post') => {
      const body = paths[path]?.[method]?.requestBody as OpenAPIV3_1.RequestBodyObject;
      return Object.keys(body.content).sort();
    };
    expect(mediaOf('/api/v1/store-event', 'post')).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(mediaOf('/demo/checkout/{id}/pay', 'post')).toContain(
      'application/x-www-form-urlencoded',
    );

    const qr = paths['/api/qr/events/{code}.png']?.get?.responses['200'];
    expect(Object.keys((qr as OpenAPIV3_1.ResponseObject).content ?? {})).toEqual(['image/png']);
    const page = paths['/demo/checkout/{id}']?.get?.responses['200'];
    expect(Object.keys((page as OpenAPIV3_1.ResponseObject).content ?? {})).toEqual(['text/html']);
    const paid = paths['/demo/checkout/{id}/pay']?.post?.responses['303'];
    expect((paid as OpenAPIV3_1.ResponseObject).headers).toHaveProperty('location');
  });

  it('names what a form field also takes: text for numbers, empty values, the client form names', async () => {
    const { paths = {} } = await documentOf(demo);
    const body = paths['/api/v1/store-rating']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const schema = body.content['multipart/form-data']?.schema as OpenAPIV3_1.SchemaObject;
    const properties = schema.properties ?? {};
    expect(properties.rating).toMatchObject({
      anyOf: [{ type: 'integer' }, { type: 'string' }],
    });
    expect(properties.event_id).toMatchObject({
      anyOf: expect.arrayContaining([{ enum: [''] }, { type: 'null' }]),
    });
    expect(properties).toHaveProperty('ratingNumber');
    expect(schema.allOf).toContainEqual({
      anyOf: [{ required: ['host_id'] }, { required: ['hostId'] }],
    });
  });

  it('starts with the built web app, whose pages and files stay out of the document', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'floorfill-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Floorfill</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const withWeb = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const page = await withWeb.app.inject({ method: 'GET', url: '/host/dashboard' });
      expect(page.statusCode).toBe(200);
      const { paths = {} } = await documentOf(withWeb);
      expect(Object.keys(paths).filter((url) => !url.startsWith('/api/'))).toEqual([
        '/healthz',
        '/readyz',
        '/demo/checkout/{id}',
        '/demo/checkout/{id}/pay',
        '/demo/checkout/{id}/cancel',
      ]);
    } finally {
      await withWeb.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
