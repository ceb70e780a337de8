import { MSG } from '@floorfill/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from '../../src/http/contract-serializer.ts';
import { ok } from '../../src/http/envelope.ts';
import { registerErrorHandling } from '../../src/http/error-handler.ts';
import { envelopes } from '../../src/http/responses.ts';
import openApiPlugin from '../../src/openapi/openapi.plugin.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A route cannot answer outside its contract: the app's serializer and error
 * handler, on routes that break their response schema the ways a bug would.
 */

const account = z.object({ id: z.number().int(), name: z.string() });
const SECRET = 'argon2id$v=19$m=65536$c2VjcmV0';

/** Every line the app logs. */
const logLines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
  const built = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
  }).withTypeProvider<ZodTypeProvider>();
  built.setValidatorCompiler(validatorCompiler);
  built.setSerializerCompiler(contractSerializerCompiler);
  registerErrorHandling(built);
  const response = envelopes({ 200: account });
  const arrayResponse = envelopes({ 200: z.array(account) });

  built.get('/inside', { schema: { response } }, async () => ok('', { id: 1, name: 'Dana' }));
  // The handlers below break their schema on purpose, past the compiler's type checks.
  built.get('/extra-field', { schema: { response } }, async (_request, reply) =>
    reply.send(ok('', { id: 1, name: 'Dana', password_hash: SECRET }) as never),
  );
  built.get('/extra-field-in-a-list', { schema: { response: arrayResponse } }, async (_r, reply) =>
    reply.send(
      ok('', [
        { id: 1, name: 'Dana' },
        { id: 2, name: 'Eli', email: SECRET },
      ]) as never,
    ),
  );
  built.get('/extra-envelope-field', { schema: { response } }, async (_request, reply) =>
    reply.send({ ...ok('', { id: 1, name: 'Dana' }), debug: SECRET } as never),
  );
  built.get('/wrong-type', { schema: { response } }, async (_request, reply) =>
    reply.send(ok('', { id: '1', name: 'Dana' }) as never),
  );
  built.get('/missing-field', { schema: { response } }, async (_request, reply) =>
    reply.send(ok('', { id: 1 }) as never),
  );
  built.get('/error-with-extra-field', { schema: { response } }, async (_request, reply) =>
    reply.status(404).send({ status: false, msg: 'Not found.', stack: SECRET } as never),
  );
  await built.ready();
  app = built;
});
afterAll(async () => {
  await app.close();
});

describe('answers outside the contract', () => {
  it('serializes an answer within its schema as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/inside' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: '', data: { id: 1, name: 'Dana' } });
  });

  it.each([
    ['/extra-field', 'password_hash'],
    ['/extra-field-in-a-list', 'email'],
    ['/extra-envelope-field', 'debug'],
    ['/error-with-extra-field', 'stack'],
  ])('refuses %s with a logged 500 naming the field, never sending it', async (url, field) => {
    const before = logLines.length;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: false, msg: MSG.unexpected });
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(field);

    const logged = logLines.slice(before).join('');
    expect(logged).toContain('FST_ERR_RESPONSE_SERIALIZATION');
    expect(logged).toContain(`Not in the contract: ${field}`);
    // The log names the field; its value stays out of the log too.
    expect(logged).not.toContain(SECRET);
  });

  it.each(['/wrong-type', '/missing-field'])(
    'refuses %s: a wrong type or a missing field is a logged 500',
    async (url) => {
      const before = logLines.length;
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ status: false, msg: MSG.unexpected });
      expect(logLines.slice(before).join('')).toContain('FST_ERR_RESPONSE_SERIALIZATION');
    },
  );
});

describe('the app holds its routes to their contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serializes every answer with the contract serializer', () => {
    expect(t.app.serializerCompiler).toBe(contractSerializerCompiler);
  });

  it('gives every route it documents a response schema', () => {
    const undeclared = t.app.registeredRoutes.filter(
      (route) => !route.hidden && !route.schema?.response,
    );
    expect(undeclared).toEqual([]);
  });

  it('refuses to start with a route that declares no response schema', async () => {
    const bare = Fastify();
    await bare.register(openApiPlugin);
    const undeclared = () => bare.get('/api/v1/undeclared', async () => ok('', null));
    expect(undeclared).toThrow(/GET \/api\/v1\/undeclared declares no response schema/);
    await bare.close();
  });
});
