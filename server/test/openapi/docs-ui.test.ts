import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

describe('GET /api/docs', () => {
  it("serves Swagger UI under the app's own strict CSP: scripts only from its own files", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');

    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");

    // No inline script: each one is a file of the app's origin.
    const scripts = [...res.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', inline = ''] of scripts) {
      expect(inline.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes)?.[1];
      expect(src).toMatch(/^\/api\/docs\/static\//);
      const asset = await t.app.inject({ method: 'GET', url: src ?? '' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toContain('javascript');
    }
  });

  it('shows the same document as /api/openapi.json', async () => {
    const shown = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const served = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(shown.json()).toEqual(served.json());
  });
});
