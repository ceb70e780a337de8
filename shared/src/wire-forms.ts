import { z } from 'zod';

/**
 * What a field takes besides its own type. The spec's clients post forms, where
 * every value is text and an untouched control sends '', and they use their own
 * names for some fields; the schemas convert these before validating. The
 * conversions are invisible in a JSON Schema, so each helper also marks its
 * schema, and the OpenAPI document (server/src/openapi) widens the field with
 * the forms named here: the document then says what the server really takes.
 */

/** OpenAPI extension: JSON Schemas of further values a field takes. */
export const ALSO_ACCEPTS = 'x-also-accepts';
/** OpenAPI extension: '' and null are taken, and mean the field is absent. */
export const EMPTY_MEANS_ABSENT = 'x-empty-means-absent';
/** OpenAPI extension: the other names an object's fields may be sent under (alias -> field). */
export const FORM_ALIASES = 'x-form-aliases';

type JsonSchemaFragment = Record<string, unknown>;

const AS_TEXT: JsonSchemaFragment = {
  type: 'string',
  description: 'The value as text, as a form sends it.',
};

function alsoAccepted(schema: z.ZodType): JsonSchemaFragment[] {
  const accepted = z.globalRegistry.get(schema)?.[ALSO_ACCEPTS];
  return Array.isArray(accepted) ? (accepted as JsonSchemaFragment[]) : [];
}

/** '' (an untouched form control) and null mean the field is absent: its default, or nothing. */
export function emptyAsAbsent<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value) => (value === '' || value === null ? undefined : value), schema)
    .meta({ [EMPTY_MEANS_ABSENT]: true });
}

/** A number or boolean that may come as its text (the schema coerces it). */
export function alsoAsText<T extends z.ZodType>(schema: T): T {
  return schema.meta({ [ALSO_ACCEPTS]: [...alsoAccepted(schema), AS_TEXT] });
}

/** A list or object that may come as its JSON text, as a form field carries it. */
export function alsoAsJsonText<T extends z.ZodType>(schema: T) {
  const parsed = (value: unknown) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  };
  return z.preprocess(parsed, schema).meta({
    [ALSO_ACCEPTS]: [
      ...alsoAccepted(schema),
      {
        type: 'string',
        contentMediaType: 'application/json',
        description: 'The value as JSON text, as a form field carries it.',
      },
    ],
  });
}

/**
 * An object that also takes the client's form names (spec §3: hostId, eventId,
 * ratingNumber …) beside the API's: an alias fills its field when the field
 * itself is absent, and is dropped.
 */
export function withFormAliases<T extends z.ZodType>(aliases: Record<string, string>, object: T) {
  const renamed = (value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const body: Record<string, unknown> = { ...value };
    for (const [alias, name] of Object.entries(aliases)) {
      if (body[name] === undefined && body[alias] !== undefined) body[name] = body[alias];
      delete body[alias];
    }
    return body;
  };
  return z.preprocess(renamed, object).meta({ [FORM_ALIASES]: aliases });
}
