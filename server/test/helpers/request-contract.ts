import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * Checks the suite's real requests against the app's OpenAPI document: every
 * request the server accepted (its validation passed and the handler ran) must
 * also be valid for the operation the document describes (its path and query
 * parameters, and its body for the media type it was sent as). So the
 * document cannot claim less, or other, than what clients can send and the
 * server takes.
 */

interface ValidateFunction {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; message?: string }> | null;
}
interface JsonSchemaValidator {
  addSchema(schema: object, key: string): unknown;
  compile(schema: object): ValidateFunction;
}
type ValidatorClass = new (options: Record<string, unknown>) => JsonSchemaValidator;

// ajv 8 (JSON Schema 2020-12, as OpenAPI 3.1 uses) comes with swagger-parser, a
// devDependency; the top-level `ajv` package is eslint's ajv 6.
const requireBesideSwaggerParser = createRequire(
  createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'),
);
const { Ajv2020 } = requireBesideSwaggerParser('ajv/dist/2020') as { Ajv2020: ValidatorClass };

const DOCUMENT_KEY = 'openapi';

/** A request as the route received it, before validation turned its text into values. */
export interface ReceivedRequest {
  method: string;
  /** The route's pattern, as registered (`/api/qr/events/:code.png`). */
  route: string;
  contentType: string | undefined;
  query: unknown;
  params: unknown;
  body: unknown;
}

type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject;

/** `/demo/checkout/:id` as the document writes it: `/demo/checkout/{id}`. */
export function documentPath(route: string): string {
  return route.replace(/:(\w+)/g, '{$1}');
}

/** A JSON pointer into the document, for a $ref the validator resolves. */
function pointer(...segments: string[]): string {
  const escaped = segments.map((segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1'));
  return `${DOCUMENT_KEY}#/${escaped.join('/')}`;
}

/** Files sent in a form reach the route as bytes; the document describes them as strings. */
function formValues(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, Buffer.isBuffer(value) ? '' : value]),
  );
}

function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`)
    .join('; ');
}

export interface RequestContractChecker {
  /** What is wrong with a request against the document, if anything. */
  problemsOf(request: ReceivedRequest): string[];
}

const TOO_DEEP = Symbol('too deep to copy');

/** A copy the validator may change (it applies defaults), or TOO_DEEP. */
function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch (error) {
    if (error instanceof RangeError) return TOO_DEEP;
    throw error;
  }
}

/** A checker of requests against one OpenAPI 3.1 document. */
export function createRequestContractChecker(
  document: OpenAPIV3_1.Document,
): RequestContractChecker {
  // Form fields and query strings arrive as text: they are read as the types the document names.
  // A date-time's format is the route's own zod schema to check; here it is only text.
  const formats = { 'date-time': true };
  const asText = new Ajv2020({ strict: false, validateSchema: false, coerceTypes: true, formats });
  const asJson = new Ajv2020({ strict: false, validateSchema: false, formats });
  asText.addSchema(document, DOCUMENT_KEY);
  asJson.addSchema(document, DOCUMENT_KEY);
  const compiled = new Map<string, ValidateFunction>();

  function validator(
    key: string,
    validatorFor: JsonSchemaValidator,
    schema: () => object,
  ): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      validate = validatorFor.compile(schema());
      compiled.set(key, validate);
    }
    return validate;
  }

  function parametersProblem(
    path: string,
    method: string,
    operation: Operation,
    place: 'query' | 'path',
    values: unknown,
  ): string[] {
    const parameters = (operation.parameters ?? []) as Parameter[];
    const validate = validator(`${method} ${path} ${place}`, asText, () => {
      const properties: Record<string, object> = {};
      const required: string[] = [];
      parameters.forEach((parameter, index) => {
        if (parameter.in !== place) return;
        properties[parameter.name] = {
          $ref: pointer('paths', path, method, 'parameters', String(index), 'schema'),
        };
        if (parameter.required) required.push(parameter.name);
      });
      return { type: 'object', properties, required };
    });
    const copy = structuredClone(values ?? {});
    return validate(copy) ? [] : [`${place} parameters: ${describeErrors(validate)}`];
  }

  function bodyProblem(
    path: string,
    method: string,
    operation: Operation,
    request: ReceivedRequest,
  ) {
    const requestBody = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    if (!requestBody) return [];
    const mediaType = (request.contentType ?? 'application/json').split(';')[0]?.trim() ?? '';
    if (!requestBody.content[mediaType]) {
      return [`body: sent as ${mediaType}, which the document does not list`];
    }
    const isJson = mediaType === 'application/json';
    const validate = validator(
      `${method} ${path} body ${mediaType}`,
      isJson ? asJson : asText,
      () => ({
        $ref: pointer('paths', path, method, 'requestBody', 'content', mediaType, 'schema'),
      }),
    );
    const body = isJson ? copyOf(request.body) : formValues(request.body);
    // A hostile body nested deeper than the stack can copy (the server ignored its
    // unknown keys and took it) is past what this check can walk: nothing to say of it.
    if (body === TOO_DEEP) return [];
    return validate(body) ? [] : [`body (${mediaType}): ${describeErrors(validate)}`];
  }

  return {
    problemsOf(request) {
      const path = documentPath(request.route);
      const method = request.method.toLowerCase();
      const operation = document.paths?.[path]?.[method as OpenAPIV3_1.HttpMethods];
      if (!operation) return [`no operation ${request.method} ${path} in the document`];
      return [
        ...parametersProblem(path, method, operation, 'path', request.params),
        ...parametersProblem(path, method, operation, 'query', request.query),
        ...bodyProblem(path, method, operation, request),
      ];
    },
  };
}

export interface RequestContractRecord {
  /** How many accepted requests were checked. */
  readonly checked: number;
  /** One line per request the document does not allow. */
  readonly outside: readonly string[];
  /** Throws, listing them, when any accepted request was outside the document. */
  assertAllInside(): void;
}

const records = new WeakMap<FastifyInstance, RequestContractRecord>();

/** The record of an app built by createTestApp or createPeerApp. */
export function requestRecordOf(app: FastifyInstance): RequestContractRecord | undefined {
  return records.get(app);
}

/**
 * Hooks into a test app (before it is ready) and checks each request it
 * accepts against its own /api/openapi.json. Hidden routes (the document
 * leaves them out on purpose) and HEAD twins of GET routes are not checked.
 */
export function checkRequestsAgainstDocument(app: FastifyInstance): RequestContractRecord {
  const received = new WeakMap<FastifyRequest, ReceivedRequest>();
  const outside: string[] = [];
  let checked = 0;
  let checker: RequestContractChecker | undefined;

  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    if (request.method === 'HEAD' || !request.routeOptions.url) return;
    if (schema && 'hide' in schema && schema.hide) return;
    received.set(request, {
      method: request.method,
      route: request.routeOptions.url,
      contentType: request.headers['content-type'],
      query: request.query,
      params: request.params,
      body: request.body,
    });
  });

  // Runs only once validation passed: the server accepted the request.
  app.addHook('preHandler', async (request) => {
    const seen = received.get(request);
    if (!seen) return;
    checker ??= createRequestContractChecker(app.swagger() as OpenAPIV3_1.Document);
    checked += 1;
    for (const problem of checker.problemsOf(seen)) {
      outside.push(`${seen.method} ${request.url}: ${problem}`);
    }
  });

  const record: RequestContractRecord = {
    get checked() {
      return checked;
    },
    outside,
    assertAllInside() {
      if (outside.length === 0) return;
      throw new Error(
        `Requests the server accepted but /api/openapi.json does not allow:\n${outside.join('\n')}`,
      );
    },
  };
  records.set(app, record);
  return record;
}
