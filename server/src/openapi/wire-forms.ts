import { ALSO_ACCEPTS, EMPTY_MEANS_ABSENT, FORM_ALIASES } from '@floorfill/shared';

type JsonSchema = Record<string, unknown>;

/** Keywords that describe a field rather than constrain it: they stay on the widened field. */
const ANNOTATIONS = ['title', 'description', 'default', 'examples', 'deprecated'];

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const EMPTY_VALUES: JsonSchema[] = [{ const: '' }, { type: 'null' }];

/** `{type: integer, x-also-accepts: [text]}` becomes `{anyOf: [{type: integer}, text]}`. */
function widened(schema: JsonSchema): JsonSchema {
  const { [ALSO_ACCEPTS]: accepted, [EMPTY_MEANS_ABSENT]: empty, ...own } = schema;
  const extra = [...(Array.isArray(accepted) ? accepted : []), ...(empty ? EMPTY_VALUES : [])];
  if (extra.length === 0) return schema;
  const kept: JsonSchema = {};
  const constraints: JsonSchema = {};
  for (const [key, value] of Object.entries(own)) {
    (ANNOTATIONS.includes(key) ? kept : constraints)[key] = value;
  }
  return { ...kept, anyOf: [constraints, ...extra] };
}

/**
 * An object whose fields may come under other names: each alias is shown as
 * a property of its own, and a required field is satisfied by either name.
 */
function withAliases(schema: JsonSchema): JsonSchema {
  const { [FORM_ALIASES]: aliases, required: listed, ...own } = schema;
  if (!isSchema(aliases) || !isSchema(own.properties)) return schema;
  const properties: JsonSchema = { ...own.properties };
  let required = Array.isArray(listed) ? (listed as string[]) : [];
  const eitherName: JsonSchema[] = [];
  for (const [alias, name] of Object.entries(aliases as Record<string, string>)) {
    const property = properties[name];
    if (!isSchema(property)) continue;
    properties[alias] = { ...property, description: `The client form's name for ${name}.` };
    if (required.includes(name)) {
      required = required.filter((field) => field !== name);
      eitherName.push({ anyOf: [{ required: [name] }, { required: [alias] }] });
    }
  }
  return {
    ...own,
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(eitherName.length > 0 ? { allOf: eitherName } : {}),
  };
}

/**
 * Rewrites the marks the shared schemas leave (see shared/src/wire-forms.ts)
 * into plain JSON Schema that tools understand: the forms a field also takes
 * become `anyOf` branches, form aliases become properties.
 */
export function widenWireForms(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(widenWireForms);
  if (!isSchema(value)) return value;
  const children = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, widenWireForms(child)]),
  );
  return widened(withAliases(children));
}
