import * as shared from '@floorfill/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileShapeCheck, type ShapeCheck } from '../../src/http/shape-check.ts';

/**
 * The in-place check may only ever pass what zod would encode to the same
 * JSON with no key dropped: it decides alone for those answers. Checked on
 * every contract in shared/ that compiles, with a valid answer of each and
 * every way a bug could bend one of its fields.
 */

/** A valid value of a schema the check compiles (`nulls`: nullable fields as null). */
function sampleOf(schema: z.core.$ZodType, nulls: boolean): unknown {
  if (schema instanceof z.ZodString) return 'text';
  if (schema instanceof z.ZodNumber) return schema.format === null ? 7.5 : 7;
  if (schema instanceof z.ZodBoolean) return true;
  if (schema instanceof z.ZodNull) return null;
  if (schema instanceof z.ZodLiteral) return [...schema.values][0];
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodNullable) return nulls ? null : sampleOf(schema.unwrap(), nulls);
  if (schema instanceof z.ZodOptional) return sampleOf(schema.unwrap(), nulls);
  if (schema instanceof z.ZodArray) {
    return [sampleOf(schema.element, nulls), sampleOf(schema.element, nulls)];
  }
  if (schema instanceof z.ZodObject) {
    return Object.fromEntries(
      Object.entries(schema.shape).map(([key, field]) => [key, sampleOf(field, nulls)]),
    );
  }
  if (schema instanceof z.ZodUnion) return sampleOf(schema.options[0] as z.core.$ZodType, nulls);
  throw new Error(`no sample for ${schema instanceof z.ZodType ? schema.type : 'this schema'}`);
}

class Account {
  id = 1;
}

/** What a bug might put where a field should be. */
const BENT_VALUES: unknown[] = [
  '1',
  1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 60,
  true,
  null,
  undefined,
  new Date(0),
  {},
  [],
  new Account(),
  { toJSON: () => 'x' },
  'other-literal',
];

/** Every object and array inside a value, with a way to put something else at each of its places. */
function* placesIn(
  value: unknown,
): Generator<{ container: Record<string, unknown> | unknown[]; key: string | number }> {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      yield { container: value, key: index };
      yield* placesIn(value[index]);
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      yield { container: value as Record<string, unknown>, key };
      yield* placesIn((value as Record<string, unknown>)[key]);
    }
  }
}

/** What the contract serializer's zod path makes of a value: its JSON, or null when it refuses. */
function zodJson(schema: z.ZodType, value: unknown): string | null {
  const result = z.safeEncode(schema, value);
  if (!result.success) return null;
  const encoded = JSON.stringify(result.data);
  // A key zod dropped is refused by the serializer too: compare what each says, keys sorted.
  const given = JSON.stringify(value);
  return sortedJson(given) === sortedJson(encoded) ? encoded : null;
}

function sortedJson(json: string | undefined): string {
  if (json === undefined) return 'undefined';
  return JSON.stringify(JSON.parse(json), (_key, value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

const compiled: [string, z.ZodType, ShapeCheck][] = [];
for (const [name, value] of Object.entries(shared)) {
  if (!(value instanceof z.ZodType)) continue;
  const check = compileShapeCheck(value);
  if (check) compiled.push([name, value, check]);
}

describe('the in-place contract check', () => {
  it('compiles the plain answer contracts, the host snapshot among them', () => {
    const names = compiled.map(([name]) => name);
    expect(names).toContain('hostEventDetailsSchema');
    expect(names).toContain('sendSongRequestData');
    expect(names.length).toBeGreaterThan(40);
  });

  it('leaves to zod what it cannot decide alone', () => {
    expect(compileShapeCheck(z.string().min(1))).toBeNull();
    expect(compileShapeCheck(z.string().default('x'))).toBeNull();
    expect(compileShapeCheck(z.string().transform((text) => text.length))).toBeNull();
    expect(compileShapeCheck(z.object({ a: z.string() }).strict())).toBeNull();
    expect(compileShapeCheck(z.union([z.object({ a: z.string() }), z.object({})]))).toBeNull();
    expect(compileShapeCheck(z.record(z.string(), z.string()))).toBeNull();
    expect(compileShapeCheck(z.coerce.number())).toBeNull();
    expect(compileShapeCheck(z.literal(10n))).toBeNull();
    expect(
      compileShapeCheck(
        z
          .number()
          .int()
          .refine((count) => count > 0),
      ),
    ).toBeNull();
    expect(compileShapeCheck(z.email())).toBeNull();
    expect(compileShapeCheck(z.xor([z.string(), z.literal('a')]))).toBeNull();
  });

  it.each(compiled)('%s: passes a valid answer, as zod does', (_name, schema, check) => {
    for (const nulls of [false, true]) {
      const sample = sampleOf(schema, nulls);
      expect(check(sample)).toBe(true);
      expect(sortedJson(zodJson(schema, sample) ?? undefined)).toBe(
        sortedJson(JSON.stringify(sample)),
      );
    }
  });

  it.each(compiled)(
    '%s: passes no bent answer that zod would refuse or change',
    (_n, schema, check) => {
      for (const nulls of [false, true]) {
        const places = [...placesIn(sampleOf(schema, nulls))].length;
        for (let place = 0; place < places; place += 1) {
          for (const bent of [...BENT_VALUES, 'extra key']) {
            const sample = sampleOf(schema, nulls);
            const { container, key } = [...placesIn(sample)][place]!;
            if (bent === 'extra key') {
              const target = (container as Record<string | number, unknown>)[key];
              if (typeof target !== 'object' || target === null || Array.isArray(target)) continue;
              (target as Record<string, unknown>).password_hash = 'secret';
            } else {
              (container as Record<string | number, unknown>)[key] = bent;
            }
            if (check(sample)) {
              expect(zodJson(schema, sample), `${String(key)} = ${String(bent)}`).toBe(
                JSON.stringify(z.encode(schema, sample)),
              );
            }
          }
        }
      }
    },
  );

  it('refuses the bends a leak or a type slip would make', () => {
    const account = z.object({ id: z.number().int(), name: z.string().nullable() });
    const check = compileShapeCheck(z.array(account)) as ShapeCheck;
    expect(check([{ id: 1, name: null }])).toBe(true);
    expect(check([{ id: 1, name: 'Dana', password_hash: 'x' }])).toBe(false);
    expect(check([{ id: 1.5, name: 'Dana' }])).toBe(false);
    expect(check([{ id: 1, name: new Date(0) }])).toBe(false);
    expect(check([{ id: 1, name: 'Dana', toJSON: () => ({ leaked: true }) }])).toBe(false);
    expect(check([Object.assign(new Account(), { name: 'Dana' })])).toBe(false);
    // A key that is undefined is left out of the JSON, as zod leaves it.
    expect(check([{ id: 1, name: 'Dana', later: undefined }])).toBe(true);
    // The safe integers of `z.int()` as of `z.number().int()`.
    const count = compileShapeCheck(z.int()) as ShapeCheck;
    expect(count(3)).toBe(true);
    expect(count(1.5)).toBe(false);
  });
});
