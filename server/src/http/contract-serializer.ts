import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compileShapeCheck } from './shape-check.ts';

/** Fastify hands a response schema over as it was declared, or wrapped in `properties`. */
type ResponseSchema = z.ZodType | { properties: z.ZodType };

function zodSchemaOf(declared: ResponseSchema): z.ZodType {
  if (declared instanceof z.ZodType) return declared;
  if (declared.properties instanceof z.ZodType) return declared.properties;
  throw new InvalidSchemaError(JSON.stringify(declared));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Where an answer has fields its schema does not: zod's objects drop unknown
 * keys when they encode, so what the handler gave is walked beside what the
 * schema kept, and every key that was dropped is reported with its path
 * (`data.user` has `password_hash`). One pass, and paths are only built for
 * what is reported: a big event's snapshot is thousands of objects.
 */
function collectDroppedKeys(
  given: unknown,
  kept: unknown,
  path: PropertyKey[],
  issues: z.core.$ZodIssue[],
): void {
  if (Array.isArray(given)) {
    if (!Array.isArray(kept)) return;
    for (let index = 0; index < given.length; index += 1) {
      path.push(index);
      collectDroppedKeys(given[index], kept[index], path, issues);
      path.pop();
    }
    return;
  }
  if (!isRecord(given) || !isRecord(kept)) return;
  let unknown: string[] | undefined;
  for (const key of Object.keys(given)) {
    const value = given[key];
    if (value === undefined) continue;
    if (!(key in kept)) {
      (unknown ??= []).push(key);
    } else if (typeof value === 'object' && value !== null) {
      path.push(key);
      collectDroppedKeys(value, kept[key], path, issues);
      path.pop();
    }
  }
  if (unknown) {
    issues.push({
      code: 'unrecognized_keys',
      keys: unknown,
      path: [...path],
      // The keys only, never their values: this error is logged, and they may be secrets.
      message: `Not in the contract: ${unknown.join(', ')}`,
    });
  }
}

/**
 * Serializes every answer through its route's response schema, strictly: a
 * wrong type, a missing field or a field the schema does not have is a
 * ResponseSerializationError (a logged 500) instead of an answer, so no route
 * can say more, or other, than its contract in shared/.
 *
 * A schema plain enough to compile (shape-check.ts) is checked in place and
 * the answer written as it is: for a big event's snapshot, zod's encoded copy
 * and the walk beside it were a fifth of the answer's CPU. An answer that
 * fails that check, and every other schema, goes through zod, whose verdict
 * and errors are the rule.
 */
export const contractSerializerCompiler: FastifySerializerCompiler<ResponseSchema> = ({
  schema: declared,
  method,
  url,
}) => {
  const schema = zodSchemaOf(declared);
  const fitsExactly = compileShapeCheck(schema);
  return (data) => {
    if (fitsExactly?.(data)) return JSON.stringify(data);
    const result = z.safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    const dropped: z.core.$ZodIssue[] = [];
    collectDroppedKeys(data, result.data, [], dropped);
    if (dropped.length > 0) {
      throw new ResponseSerializationError(method, url, { cause: new z.ZodError(dropped) });
    }
    return JSON.stringify(result.data);
  };
};
