import type { SwaggerTransformObject } from '@fastify/swagger';

type DocumentObject = ReturnType<SwaggerTransformObject>;

const COMPONENT_REF = '#/components/schemas/';

/** The component names a value refers to, however deep. */
function refsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT_REF)) {
        found.add(child.slice(COMPONENT_REF.length));
      } else {
        refsIn(child, found);
      }
    }
  }
  return found;
}

/**
 * fastify-type-provider-zod lists every named schema twice, as read (`…Input`)
 * and as written, whether an operation uses it or not. Keeps the components
 * the paths reach, directly or through other components.
 */
export function withoutUnusedComponents(document: DocumentObject): DocumentObject {
  if (!('components' in document) || !('paths' in document)) return document;
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const reached = new Set<string>();
  let frontier = refsIn(document.paths);
  while (frontier.size > 0) {
    const next = new Set<string>();
    for (const name of frontier) {
      if (reached.has(name)) continue;
      reached.add(name);
      refsIn(schemas[name], next);
    }
    frontier = next;
  }
  // The transform built this schemas object for this document alone: trimmed in place.
  for (const name of Object.keys(schemas)) {
    if (!reached.has(name)) delete schemas[name];
  }
  return document;
}
