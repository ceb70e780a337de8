import { z } from 'zod';

/** True when a value is exactly what its schema describes, so its JSON is the answer as it is. */
export type ShapeCheck = (value: unknown) => boolean;

const isString: ShapeCheck = (value) => typeof value === 'string';
const isBoolean: ShapeCheck = (value) => typeof value === 'boolean';
const isNumber: ShapeCheck = (value) => typeof value === 'number' && Number.isFinite(value);
const isSafeInteger: ShapeCheck = (value) => Number.isSafeInteger(value);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const JSON_SCALARS = new Set(['string', 'number', 'boolean']);

/** Scalars only: a union of objects or arrays keeps zod's first-match-and-strip rule. */
const SCALAR_TYPES = new Set(['string', 'number', 'boolean', 'literal', 'enum', 'null']);

/**
 * Compiles a response schema into a check that walks an answer in place,
 * allocating nothing: the types zod would check, and no key the schema does
 * not name. Only the plainest schemas compile — strings, finite numbers and
 * safe integers without other rules, booleans, literals, string enums, null,
 * nullable and optional, arrays without length rules, objects that strip
 * (the default) and unions of scalars — and only plain objects and arrays
 * pass, so nothing has a `toJSON` of its own.
 * Anything else (a transform, a default, a refinement, a length or pattern
 * rule, a union of objects) gives null: the schema goes through zod. The one
 * rule: whatever passes, zod would encode to the same JSON (keys may come in
 * another order); whatever fails here goes to zod, which decides.
 * A schema is read through zod's public API only: its class, its `def`, and
 * the accessors each class documents (`shape`, `element`, `unwrap()`,
 * `options`, `values`, `format`).
 */
export function compileShapeCheck(schema: z.core.$ZodType): ShapeCheck | null {
  if (schema instanceof z.ZodString) {
    return hasNoRules(schema) && schema.format === null ? isString : null;
  }
  if (schema instanceof z.ZodBoolean) return hasNoRules(schema) ? isBoolean : null;
  if (schema instanceof z.ZodNumber) return compileNumber(schema);
  if (schema instanceof z.ZodNull) return (value) => value === null;
  if (schema instanceof z.ZodLiteral) {
    // JSON's own values only: a bigint or undefined literal has no JSON of its own.
    const values: unknown[] = [...schema.values];
    if (!values.every((value) => value === null || JSON_SCALARS.has(typeof value))) return null;
    return (value) => values.includes(value);
  }
  if (schema instanceof z.ZodEnum) {
    const values: unknown[] = schema.options;
    if (!values.every((value) => typeof value === 'string')) return null;
    return (value) => typeof value === 'string' && values.includes(value);
  }
  if (schema instanceof z.ZodNullable) {
    const inner = compileShapeCheck(schema.unwrap());
    return inner ? (value) => value === null || inner(value) : null;
  }
  if (schema instanceof z.ZodOptional) {
    const inner = compileShapeCheck(schema.unwrap());
    return inner ? (value) => value === undefined || inner(value) : null;
  }
  if (schema instanceof z.ZodArray) {
    const element = hasNoRules(schema) && compileShapeCheck(schema.element);
    return element ? compileArray(element) : null;
  }
  if (schema instanceof z.ZodObject) {
    return hasNoRules(schema) && schema.def.catchall === undefined
      ? compileObject(schema.shape)
      : null;
  }
  if (schema instanceof z.ZodUnion) return compileUnion(schema);
  return null;
}

/** No check of its own (a length, a pattern, a refinement) and no coercion. */
function hasNoRules(schema: z.ZodType): boolean {
  const { checks, coerce } = schema.def as { checks?: unknown[]; coerce?: boolean };
  return (checks ?? []).length === 0 && coerce !== true;
}

const isSafeIntegerFormat = (schema: unknown) =>
  schema instanceof z.ZodNumberFormat && schema.format === 'safeint' && hasNoRules(schema);

/** `z.number()`, and the safe integers of `z.int()` or `z.number().int()` (its one check). */
function compileNumber(schema: z.ZodNumber): ShapeCheck | null {
  if (schema instanceof z.ZodNumberFormat)
    return isSafeIntegerFormat(schema) ? isSafeInteger : null;
  if (hasNoRules(schema)) return isNumber;
  const checks = schema.def.checks ?? [];
  const only = checks.length === 1 && !schema.def.coerce ? checks[0] : undefined;
  return isSafeIntegerFormat(only) ? isSafeInteger : null;
}

function compileArray(element: ShapeCheck): ShapeCheck {
  return (value) => {
    if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let index = 0; index < value.length; index += 1) {
      if (!element(value[index])) return false;
    }
    return true;
  };
}

/** Unions of scalars where any option may match (an exclusive union goes to zod). */
function compileUnion(schema: z.ZodUnion): ShapeCheck | null {
  if (schema.def.inclusive === false) return null;
  const { options } = schema;
  const scalars = options.every(
    (option) => option instanceof z.ZodType && SCALAR_TYPES.has(option.type),
  );
  if (!scalars) return null;
  const compiled = options.map(compileShapeCheck);
  if (compiled.some((check) => check === null)) return null;
  const all = compiled as ShapeCheck[];
  return (value) => all.some((check) => check(value));
}

function compileObject(shape: z.core.$ZodShape): ShapeCheck | null {
  const keys = Object.keys(shape);
  const fields: ShapeCheck[] = [];
  for (const key of keys) {
    const field = compileShapeCheck(shape[key] as z.core.$ZodType);
    if (!field) return null;
    fields.push(field);
  }
  const known = new Set(keys);
  return (value) => {
    if (!isPlainObject(value)) return false;
    for (let index = 0; index < keys.length; index += 1) {
      if (!(fields[index] as ShapeCheck)(value[keys[index] as string])) return false;
    }
    // A key the schema does not name is an answer saying more than its contract (an undefined one
    // is left out of the JSON, as zod leaves it).
    for (const key in value) {
      if (!known.has(key) && value[key] !== undefined) return false;
    }
    return true;
  };
}
