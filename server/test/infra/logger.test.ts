import { Writable } from 'node:stream';
import { MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/infra/logger.ts';
import { signupPayload } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A destination that keeps what the logger wrote, line by line. */
function captured(): { stream: Writable; lines: () => string[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { stream, lines: () => text.split('\n').filter((line) => line.length > 0) };
}

describe('log format', () => {
  it('is pretty in development and JSON in production and tests, unless LOG_FORMAT says otherwise', () => {
    const base = { DATA_DIR: '/tmp/floorfill-log-format' };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ ...base, NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe(
      'json',
    );
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('pretty-prints one line per event with its request id, and still hides secrets', () => {
    const out = captured();
    const logger = createLogger({ logLevel: 'info', logFormat: 'pretty' }, out.stream);
    logger.child({ reqId: 'req-pretty-1' }).info({ password: 'hunter2-secret' }, 'signed in');
    logger.warn({ body: { code: '123456' } }, 'code tried');

    const lines = out.lines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/INFO.*signed in/);
    expect(lines[0]).toContain('req-pretty-1');
    expect(lines[0]).not.toMatch(/^\{/);
    expect(lines.join('\n')).not.toContain('hunter2-secret');
    expect(lines.join('\n')).not.toContain('123456');
  });

  it('writes one JSON object per line in JSON format', () => {
    const out = captured();
    const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, out.stream);
    logger.child({ reqId: 'req-json-1' }).info('hello');
    const [line] = out.lines();
    expect(JSON.parse(line ?? '')).toMatchObject({ reqId: 'req-json-1', msg: 'hello' });
  });
});

describe('an unexpected failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 500 naming the request id, the same as the x-request-id header', async () => {
    const enqueue = vi.spyOn(t.ctx.queue, 'enqueue').mockRejectedValueOnce(new Error('queue down'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupPayload(),
      headers: { 'x-request-id': 'support-ticket-0001' },
    });
    enqueue.mockRestore();

    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('support-ticket-0001');
    expect(res.json()).toEqual({
      status: false,
      msg: MSG.unexpected,
      data: { request_id: 'support-ticket-0001' },
    });
    expect(res.body).not.toContain('queue down');
  });

  it('makes up a request id when the client sent none', async () => {
    const enqueue = vi.spyOn(t.ctx.queue, 'enqueue').mockRejectedValueOnce(new Error('queue down'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupPayload(),
    });
    enqueue.mockRestore();

    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[\w-]{8,64}$/);
    expect(res.json().data).toEqual({ request_id: requestId });
  });
});
