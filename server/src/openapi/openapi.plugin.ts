import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, HTTPMethods, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';
import { nameSharedSchemas } from './components.ts';
import { withoutUnusedComponents } from './prune-components.ts';
import { widenWireForms } from './wire-forms.ts';

export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';
export const OPENAPI_DOCS_PATH = '/api/docs';

/**
 * Bodies are JSON or multipart form data on every route (app.ts registers
 * @fastify/multipart for the whole app; the spec's clients post forms). A
 * route that parses something else says so with its own `consumes`.
 */
const BODY_MEDIA_TYPES = ['application/json', 'multipart/form-data'];

const DESCRIPTION = [
  'The REST contract of Floorfill, generated from the zod schemas the server validates requests and answers with.',
  'Every JSON answer is the envelope `{status, msg, data}`; failures are `ErrorEnvelope`.',
  `A session is the \`${SESSION_COOKIE}\` cookie set by login, or \`Authorization: Bearer <access_token>\`.`,
  'Messages, rate limits and realtime pushes are described in docs/api.md.',
].join('\n\n');

/** A route as the app registered it, for checking that the document shows it. */
export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, HEAD twins included. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

function isHidden(schema: FastifySchema | undefined): boolean {
  return Boolean(schema && 'hide' in schema && schema.hide);
}

/**
 * Every route that the document shows must declare its answers: the document
 * would otherwise say nothing of them, and the serializer could not hold them
 * to a contract. A route without a response schema fails the app's start.
 */
function checkAndList(routes: RegisteredRoute[]) {
  return (route: RouteOptions): void => {
    const schema = route.schema;
    const hidden = isHidden(schema);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!hidden && !schema?.response) {
      throw new Error(
        `${methods.join(',')} ${route.url} declares no response schema: add one, or hide the route with a reason`,
      );
    }
    for (const method of methods) routes.push({ method, url: route.url, schema, hidden });
  };
}

/** What the error envelope means in each range, where the document would say "Default Response". */
const RANGE_DESCRIPTIONS: Record<string, string> = {
  '4xx': 'The request was refused: the error envelope (field errors on 422).',
  '5xx': 'The server could not answer: the error envelope (503 while the database is away).',
};

function describeRanges(response: unknown): unknown {
  if (typeof response !== 'object' || response === null) return response;
  const described = Object.entries(response).map(([status, schema]) => {
    const description = RANGE_DESCRIPTIONS[status];
    return [status, description ? { description, ...schema } : schema];
  });
  return Object.fromEntries(described);
}

/**
 * A route's zod schemas as JSON Schema (fastify-type-provider-zod), with the
 * wire forms the shared schemas also take spelled out, the app's body media
 * types, and a description for the error ranges.
 */
const documentRoute: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  if (schema.hide) return { schema, url };
  const documented = {
    ...schema,
    body: widenWireForms(schema.body),
    querystring: widenWireForms(schema.querystring),
    params: widenWireForms(schema.params),
    response: describeRanges(schema.response),
  };
  if (documented.body && !documented.consumes) documented.consumes = BODY_MEDIA_TYPES;
  return { schema: documented, url };
};

const documentObject: SwaggerTransformObject = (input) =>
  withoutUnusedComponents(jsonSchemaTransformObject(input));

/**
 * The OpenAPI 3.1 document of every route, built from the routes' zod schemas
 * and served at /api/openapi.json, with Swagger UI at /api/docs. Registered
 * before any route, so it sees them all.
 */
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  nameSharedSchemas();
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', checkAndList(routes));

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      // The API's version, as its paths say (/api/v1).
      info: { title: 'Floorfill API', version: '1', description: DESCRIPTION },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          bearerToken: { type: 'http', scheme: 'bearer' },
        },
      },
      // Either one where a route needs a session; the public routes ignore both.
      security: [{ sessionCookie: [] }, { bearerToken: [] }, {}],
    },
    transform: documentRoute,
    transformObject: documentObject,
  });

  app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, { routePrefix: OPENAPI_DOCS_PATH });
}

export default fp(openApiPlugin, { name: 'openapi', fastify: '5.x' });
