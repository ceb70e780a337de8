import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import {
  EVENT_CODE_ALPHABET,
  generateEventCode,
  normalizeEventCode,
} from '../../src/events/event-code.ts';
import { insertEvent as insertEventRow } from '../../src/events/events.repository.ts';
import { createEventsService, EventCodeExhaustedError } from '../../src/events/events.service.ts';
import { signIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('event codes', () => {
  it('are six characters of the unambiguous alphabet', () => {
    expect(EVENT_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    const codes = Array.from({ length: 500 }, generateEventCode);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    // 500 draws from 31^6 values: a repeat would mean the generator is broken.
    expect(new Set(codes).size).toBe(500);
    // Every character of the alphabet turns up across 3000 characters.
    expect(new Set(codes.join('')).size).toBe(EVENT_CODE_ALPHABET.length);
  });

  it('are normalised to uppercase for matching', () => {
    expect(normalizeEventCode(' ab3def ')).toBe('AB3DEF');
  });

  describe('uniqueness among live events', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    const fields = {
      name: 'x',
      start_time: '2099-01-01T00:00:00Z',
      end_time: '2099-01-01T01:00:00Z',
      address: null,
      zip: null,
      city: null,
      state: null,
      country: null,
      timezone: 'UTC',
    };

    it('an insert under a code a live event holds (in any case) yields nothing and keeps the transaction usable', async () => {
      const host = await signIn(t);
      await t.ctx.db.transaction().execute(async (trx) => {
        const first = await insertEventRow(trx, {
          ...fields,
          hostId: host.id,
          code: 'SAME22',
          bannerPath: null,
        });
        const clash = await insertEventRow(trx, {
          ...fields,
          hostId: host.id,
          code: 'same22',
          bannerPath: null,
        });
        const other = await insertEventRow(trx, {
          ...fields,
          hostId: host.id,
          code: 'OTHR22',
          bannerPath: null,
        });
        expect(first).toBeTypeOf('number');
        expect(clash).toBeUndefined();
        expect(other).toBeTypeOf('number');
      });
    });

    it('a deleted event’s code can be taken again', async () => {
      const host = await signIn(t);
      const first = await insertEventRow(t.ctx.db, {
        ...fields,
        hostId: host.id,
        code: 'FREE22',
        bannerPath: null,
      });
      await t.ctx.db
        .updateTable('events')
        .set({ deleted_at: new Date() })
        .where('id', '=', first!)
        .execute();
      const again = await insertEventRow(t.ctx.db, {
        ...fields,
        hostId: host.id,
        code: 'FREE22',
        bannerPath: null,
      });
      expect(again).toBeTypeOf('number');
    });

    it('create draws again while a live event holds the drawn code', async () => {
      const host = await signIn(t);
      await insertEventRow(t.ctx.db, {
        ...fields,
        hostId: host.id,
        code: 'TAKEN2',
        bannerPath: null,
      });
      const draws = ['taken2', 'TAKEN2', 'FRESH2'];
      const events = createEventsService(t.config, t.app.services.liveQueue, {
        generateCode: () => draws.shift() ?? 'NEVER2',
      });
      const form = { ...fields, name: 'New', address: 'a', city: 'b', country: 'c' };

      const created = await t.ctx.db
        .transaction()
        .execute((trx) => events.create(trx, host.id, form, null));

      expect(created.code).toBe('FRESH2');
      expect(draws).toEqual([]);
    });

    it('create gives up after a few draws that are all taken', async () => {
      const host = await signIn(t);
      await insertEventRow(t.ctx.db, {
        ...fields,
        hostId: host.id,
        code: 'FULL22',
        bannerPath: null,
      });
      let drawn = 0;
      const events = createEventsService(t.config, t.app.services.liveQueue, {
        generateCode: () => {
          drawn += 1;
          return 'FULL22';
        },
      });
      const form = { ...fields, name: 'New', address: 'a', city: 'b', country: 'c' };

      await expect(
        t.ctx.db.transaction().execute((trx) => events.create(trx, host.id, form, null)),
      ).rejects.toBeInstanceOf(EventCodeExhaustedError);
      expect(drawn).toBe(5);
    });
  });
});
