import type { z } from 'zod';

/** True when a value is exactly what its schema describes, so its JSON is the answer as it is. */
export type ShapeCheck = (value: unknown) => boolean;

/** The parts of a zod definition the check reads (zod's own types leave them untyped). */
interface Definition {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  coerce?: boolean;
  values?: unknown[];
  entries?: Record<string, unknown>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
}

const definitionOf = (schema: z.ZodType) => schema._zod.def as unknown as Definition;

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
 */
export function compileShapeCheck(schema: z.ZodType): ShapeCheck | null {
  const def = definitionOf(schema);
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'string':
      return checks.length === 0 && !def.coerce ? isString : null;
    case 'boolean':
      return checks.length === 0 && !def.coerce ? isBoolean : null;
    case 'number': {
      if (def.coerce) return null;
      if (checks.length === 0) return isNumber;
      const only = checks.length === 1 ? checks[0]?._zod.def : undefined;
      return only?.check === 'number_format' && only.format === 'safeint' ? isSafeInteger : null;
    }
    case 'null':
      return (value) => value === null;
    case 'literal': {
      // JSON's own values only: a bigint or undefined literal has no JSON of its own.
      const values = def.values ?? [];
      if (!values.every((value) => value === null || JSON_SCALARS.has(typeof value))) return null;
      return (value) => values.includes(value);
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (!values.every((value) => typeof value === 'string')) return null;
      return (value) => typeof value === 'string' && values.includes(value);
    }
    case 'nullable': {
      const inner = def.innerType && compileShapeCheck(def.innerType);
      return inner ? (value) => value === null || inner(value) : null;
    }
    case 'optional': {
      const inner = def.innerType && compileShapeCheck(def.innerType);
      return inner ? (value) => value === undefined || inner(value) : null;
    }
    case 'array': {
      const element = def.element && checks.length === 0 && compileShapeCheck(def.element);
      if (!element) return null;
      return (value) => {
        if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false;
        for (let index = 0; index < value.length; index += 1) {
          if (!element(value[index])) return false;
        }
        return true;
      };
    }
    case 'object':
      return def.shape && checks.length === 0 && def.catchall === undefined
        ? compileObject(def.shape)
        : null;
    case 'union': {
      const options = def.options ?? [];
      if (!options.every((option) => SCALAR_TYPES.has(definitionOf(option).type))) return null;
      const compiled = options.map(compileShapeCheck);
      if (compiled.some((check) => check === null)) return null;
      const all = compiled as ShapeCheck[];
      return (value) => all.some((check) => check(value));
    }
    default:
      return null;
  }
}

function compileObject(shape: Record<string, z.ZodType>): ShapeCheck | null {
  const keys = Object.keys(shape);
  const fields: ShapeCheck[] = [];
  for (const key of keys) {
    const field = compileShapeCheck(shape[key] as z.ZodType);
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
