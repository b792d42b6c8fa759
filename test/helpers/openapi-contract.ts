/**
 * Validates responses of a fake against an upstream's OpenAPI 3.x description (JSON): the operation is
 * found by method and path template, the response by status (exact, `4XX`, then `default`), the media
 * type by the recorded content type, and the body against that schema with Ajv.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// A CommonJS module: under NodeNext its default import is module.exports, whose `default` is the plugin.
const addFormats = addFormatsModule.default;

type Validate = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string; params?: unknown }[] | null;
};
type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** A response as a test saw it: the concrete path (no query), relative to the description's paths. */
export interface RecordedResponse {
  method: string;
  path: string;
  status: number;
  contentType?: string | null;
  body: unknown;
}

export interface OpenApiContract {
  /** The documented template a concrete path matches; the one with most literal segments wins. */
  match(method: string, path: string): string | undefined;
  /** Problems of a recorded response (empty when it conforms). */
  check(response: RecordedResponse): string[];
  /** Problems of `body` against the response of `method template` for `status`. */
  errors(method: string, template: string, status: number, body: unknown, contentType?: string): string[];
  /** Problems against a named component schema. */
  componentErrors(name: string, body: unknown): string[];
  operationId(method: string, template: string): string | undefined;
}

const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const mediaOf = (contentType: string): string => contentType.split(';')[0].trim().toLowerCase();

/**
 * OpenAPI 3.0 allows `nullable` beside `allOf`/`oneOf`/`$ref` without a `type`; Ajv does not. Rewrite
 * those as `anyOf: [schema, {type: 'null'}]`, which means the same. Nullable enums get `null` added.
 */
function fixNullable(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(fixNullable);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  for (const value of Object.values(schema)) fixNullable(value);
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
  if (schema.nullable === true && schema.type === undefined) {
    const { nullable: _nullable, ...rest } = schema;
    for (const key of Object.keys(schema)) delete schema[key];
    schema.anyOf = [rest, { type: 'null' }];
  }
}

function templatePattern(template: string, wide: boolean): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? (wide ? '(.+)' : '([^/]+)') : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** A contract over a parsed description; the document is copied, not changed. */
export function openApiContract(source: OpenApiDocument): OpenApiContract {
  const document = structuredClone(source);
  const is31 = document.openapi.startsWith('3.1');
  if (!is31) fixNullable(document);
  const options = { strict: false, allErrors: true, validateSchema: false };
  const ajv = is31 ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  ajv.addSchema(document, 'api');
  const cache = new Map<string, Validate>();
  const templates = Object.keys(document.paths).sort((a, b) => literalSegments(b) - literalSegments(a));

  const at = (pointer: string): unknown =>
    pointer
      .split('/')
      .slice(1)
      .reduce<unknown>(
        (node, segment) => (node as Json | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')],
        document,
      );

  const check = (pointer: string, body: unknown): string[] => {
    let validate = cache.get(pointer);
    if (!validate) cache.set(pointer, (validate = ajv.compile({ $ref: `api#${pointer}` }) as Validate));
    if (validate(body)) return [];
    return (validate.errors ?? [])
      .slice(0, 20)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  };

  const errors = (method: string, template: string, status: number, body: unknown, contentType?: string): string[] => {
    const verb = method.toLowerCase();
    const operation = document.paths[template]?.[verb] as { responses?: Json } | undefined;
    if (!operation) return [`no operation ${method.toUpperCase()} ${template} in the description`];
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find(
      (k) => operation.responses?.[k] !== undefined,
    );
    if (!key) return [`${method.toUpperCase()} ${template} documents no ${status} response`];
    let pointer = `/paths/${escape(template)}/${verb}/responses/${key}`;
    // Shared responses (404, 422...) are references to `components/responses`.
    for (let ref = (at(pointer) as Json).$ref; typeof ref === 'string'; ref = (at(pointer) as Json).$ref)
      pointer = ref.slice(1);
    const content = ((at(pointer) as Json).content ?? {}) as Json;
    const media = Object.keys(content);
    if (media.length === 0)
      return body === undefined || body === '' || body === null ? [] : [`${status} documents no body, got one`];
    const wanted = contentType ? mediaOf(contentType) : undefined;
    const chosen =
      wanted === undefined
        ? (media.find((m) => mediaOf(m) === 'application/json') ?? media[0])
        : (media.find((m) => mediaOf(m) === wanted) ??
          media.find((m) => mediaOf(m) === `${wanted.split('/')[0]}/*`) ??
          media.find((m) => m === '*/*'));
    if (!chosen) return [`content type ${wanted} is not documented for ${status} (documented: ${media.join(', ')})`];
    if ((content[chosen] as Json).schema === undefined) return [];
    return check(`${pointer}/content/${escape(chosen)}/schema`, body);
  };

  const match = (method: string, path: string): string | undefined => {
    const verb = method.toLowerCase();
    const candidates = templates.filter((t) => document.paths[t][verb] !== undefined);
    return (
      candidates.find((t) => templatePattern(t, false).test(path)) ??
      candidates.find((t) => templatePattern(t, true).test(path))
    );
  };

  return {
    match,
    errors,
    check(response) {
      const template = match(response.method, response.path);
      if (!template) return [`no documented operation matches ${response.method.toUpperCase()} ${response.path}`];
      return errors(response.method, template, response.status, response.body, response.contentType ?? undefined);
    },
    componentErrors: (name, body) => check(`/components/schemas/${escape(name)}`, body),
    operationId: (method, template) =>
      (document.paths[template]?.[method.toLowerCase()] as { operationId?: string } | undefined)?.operationId,
  };
}

function literalSegments(template: string): number {
  return template.split('/').filter((segment) => segment && !segment.includes('{')).length;
}

/** Reads a JSON description from a file. */
export function loadOpenApiContract(file: string): OpenApiContract {
  return openApiContract(JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument);
}
