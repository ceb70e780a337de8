import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors.ts';

/**
 * One gate for every text a client sends — path parameters, query strings,
 * body fields (JSON, urlencoded and multipart fields alike) — before any
 * route's own validation runs: no control character gets past it. Postgres
 * refuses a NUL in text (which used to surface as a 500), and the other C0
 * controls and DEL have no business in a name, a code or a search either;
 * they only hide text or break the lines of a log or a mail. Tab, line feed
 * and carriage return stay allowed here, for multi-line fields (an event's
 * description); single-line fields refuse line breaks in their own schema.
 * File parts (Buffers) are content, checked by their upload rules instead.
 */

/** C0 controls except tab, LF and CR, and DEL. */
// eslint-disable-next-line no-control-regex -- control characters are the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MSG = 'Must not contain control characters.';

/** Nested bodies are shallow in this API; deeper ones are not walked further (their schema refuses them). */
const MAX_DEPTH = 8;

/** The dotted name of the first field whose text holds a control character, if any. */
export function fieldWithControlCharacter(
  value: unknown,
  field: string,
  depth = 0,
): string | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? field : undefined;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return undefined;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const name = field ? `${field}.${key}` : key;
    if (CONTROL_CHARACTER.test(key)) return name;
    const found = fieldWithControlCharacter(item, name, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = fieldWithControlCharacter(part, '');
      if (field !== undefined)
        throw new ValidationError({ [field || 'body']: [CONTROL_CHARACTER_MSG] });
    }
  });
}
