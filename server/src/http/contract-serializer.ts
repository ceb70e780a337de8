import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
 * schema kept, and every key that was dropped is reported (`data.user.password_hash`).
 */
function droppedKeys(given: unknown, kept: unknown, path: PropertyKey[] = []): z.core.$ZodIssue[] {
  if (Array.isArray(given) && Array.isArray(kept)) {
    return given.flatMap((item, index) => droppedKeys(item, kept[index], [...path, index]));
  }
  if (!isRecord(given) || !isRecord(kept)) return [];
  const issues: z.core.$ZodIssue[] = [];
  const unknown = Object.keys(given).filter((key) => given[key] !== undefined && !(key in kept));
  if (unknown.length > 0) {
    issues.push({
      code: 'unrecognized_keys',
      keys: unknown,
      path,
      input: given,
      message: `Not in the contract: ${unknown.join(', ')}`,
    });
  }
  for (const key of Object.keys(kept)) {
    issues.push(...droppedKeys(given[key], kept[key], [...path, key]));
  }
  return issues;
}

/**
 * Serializes every answer through its route's response schema, strictly: a
 * wrong type, a missing field or a field the schema does not have is a
 * ResponseSerializationError (a logged 500) instead of an answer, so no route
 * can say more, or other, than its contract in shared/.
 */
export const contractSerializerCompiler: FastifySerializerCompiler<ResponseSchema> = ({
  schema: declared,
  method,
  url,
}) => {
  const schema = zodSchemaOf(declared);
  return (data) => {
    const result = z.safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    const dropped = droppedKeys(data, result.data);
    if (dropped.length > 0) {
      throw new ResponseSerializationError(method, url, { cause: new z.ZodError(dropped) });
    }
    return JSON.stringify(result.data);
  };
};
