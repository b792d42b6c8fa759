/**
 * Validates fake GitHub responses against GitHub's own OpenAPI description (npm devDependency
 * `@octokit/openapi`, MIT), addressing each operation's response schema by JSON pointer.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';

const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule;
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default ?? addFormatsModule;

type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string; params?: unknown }[] | null };

const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export interface OpenApiValidator {
  /** Errors of `body` against the response schema of `method path` for `status` (empty when valid). */
  errors(method: string, path: string, status: number, body: unknown): string[];
  /** Errors against a named component schema, e.g. `content-file`. */
  componentErrors(name: string, body: unknown): string[];
  operationId(method: string, path: string): string;
}

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
  const schema = node as Record<string, unknown>;
  for (const value of Object.values(schema)) fixNullable(value);
  // A nullable enum admits null too (Ajv only does so when the enum lists null).
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (schema.nullable === true && schema.type === undefined) {
    const { nullable: _nullable, ...rest } = schema;
    for (const key of Object.keys(schema)) delete schema[key];
    schema.anyOf = [rest, { type: 'null' }];
  }
}

export function loadGithubOpenApi(): OpenApiValidator {
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const spec = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, { $ref?: string }> }>> };
  fixNullable(spec);
  const ajv = new (Ajv as unknown as new (options: object) => { addSchema(schema: object, key: string): void; compile(schema: object): Validate })({ strict: false, allErrors: true, validateSchema: false });
  (addFormats as unknown as (ajv: unknown) => void)(ajv);
  ajv.addSchema(spec, 'github');
  const cache = new Map<string, Validate>();
  const check = (pointer: string, body: unknown): string[] => {
    let validate = cache.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `github#${pointer}` });
      cache.set(pointer, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 20).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  };
  return {
    errors(method, path, status, body) {
      const operation = spec.paths[path]?.[method.toLowerCase()];
      if (!operation) throw new Error(`no operation ${method} ${path} in the OpenAPI description`);
      const response = operation.responses[String(status)];
      if (!response) throw new Error(`${method} ${path} documents no ${status} response`);
      // Shared responses (404, 422...) are references to `components/responses`.
      const base = response.$ref ? response.$ref.slice(1) : `/paths/${escape(path)}/${method.toLowerCase()}/responses/${status}`;
      return check(`${base}/content/application~1json/schema`, body);
    },
    componentErrors(name, body) {
      return check(`/components/schemas/${escape(name)}`, body);
    },
    operationId(method, path) {
      return spec.paths[path][method.toLowerCase()].operationId;
    },
  };
}
