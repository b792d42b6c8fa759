/**
 * Validates responses of a fake against a Google discovery document: the method is found by HTTP verb
 * and path (its `flatPath`, else its `path` template, `{param}` one segment, `{+param}` the rest), the body is
 * checked against the method's response schema converted to JSON Schema. Discovery schemas mark nothing
 * required, so objects are closed instead: an unknown (misspelt) property fails.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule.default;

type Json = Record<string, unknown>;

interface DiscoveryMethod {
  id: string;
  httpMethod: string;
  path: string;
  flatPath?: string;
  response?: { $ref: string };
}

interface DiscoveryDocument {
  servicePath: string;
  schemas: Record<string, Json>;
  resources?: Record<string, { methods?: Record<string, DiscoveryMethod>; resources?: DiscoveryDocument['resources'] }>;
}

export interface DiscoveryCheck {
  /** The method's id, e.g. `calendar.events.list`. */
  methodId: string;
  /** Ajv's messages; empty when the body conforms. */
  errors: string[];
}

/** Discovery's `type`/`format` pairs as JSON Schema (int64 travels as a string; bytes as base64 or base64url). */
function convert(schema: Json): Json {
  if (typeof schema.$ref === 'string') return { $ref: `#/definitions/${schema.$ref}` };
  const out: Json = {};
  if (schema.type === 'any') return {};
  if (typeof schema.type === 'string') out.type = schema.type;
  if (Array.isArray(schema.enum)) out.enum = schema.enum;
  if (schema.format === 'date-time' || schema.format === 'google-datetime') out.format = 'date-time';
  if (schema.format === 'date') out.format = 'date';
  if (schema.format === 'byte') out.pattern = '^[A-Za-z0-9+/_=-]*$';
  if (schema.type === 'string' && (schema.format === 'int64' || schema.format === 'uint64')) out.pattern = '^-?\\d+$';
  if (schema.type === 'integer' && (schema.format === 'int32' || schema.format === 'uint32'))
    out.minimum = schema.format === 'uint32' ? 0 : -(2 ** 31);
  if (schema.items) out.items = convert(schema.items as Json);
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, Json>).map(([key, value]) => [key, convert(value)]),
    );
    if (!schema.additionalProperties) out.additionalProperties = false;
  }
  if (schema.additionalProperties) out.additionalProperties = convert(schema.additionalProperties as Json);
  return out;
}

function templateRegex(servicePath: string, template: string): RegExp {
  const escaped = (servicePath + template).replace(/[.*?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{\+[^}]+\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`);
}

function methodsOf(resources: DiscoveryDocument['resources']): DiscoveryMethod[] {
  return Object.values(resources ?? {}).flatMap((resource) => [
    ...Object.values(resource.methods ?? {}),
    ...methodsOf(resource.resources),
  ]);
}

export interface DiscoveryContract {
  /** The method a verb and a path relative to the API's root URL (e.g. `calendar/v3/users/me/calendarList`) reach. */
  method(verb: string, path: string): DiscoveryMethod;
  check(verb: string, path: string, body: unknown): DiscoveryCheck;
}

export function discoveryContract(document: DiscoveryDocument): DiscoveryContract {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const definitions = Object.fromEntries(Object.entries(document.schemas).map(([id, schema]) => [id, convert(schema)]));
  const methods = methodsOf(document.resources).map((m) => ({
    method: m,
    // `path` may be `v1/{+name}`, matching anything: the flat path, when given, is the precise one.
    patterns: [templateRegex(document.servicePath, m.flatPath ?? m.path)],
  }));
  const validators = new Map<string, ReturnType<Ajv['compile']>>();
  const method = (verb: string, path: string): DiscoveryMethod => {
    const bare = path.replace(/^\//, '').split('?')[0];
    // The most literal template wins (`events/quickAdd` before `events/{eventId}`).
    const matches = methods.filter(
      (m) => m.method.httpMethod === verb.toUpperCase() && m.patterns.some((p) => p.test(bare)),
    );
    matches.sort(
      (a, b) =>
        (b.method.flatPath ?? b.method.path).replace(/\{[^}]+\}/g, '').length -
        (a.method.flatPath ?? a.method.path).replace(/\{[^}]+\}/g, '').length,
    );
    if (!matches[0]) throw new Error(`no method answers ${verb} ${bare}`);
    return matches[0].method;
  };
  return {
    method,
    check(verb, path, body) {
      const found = method(verb, path);
      if (!found.response)
        return {
          methodId: found.id,
          errors: body === undefined || body === '' ? [] : ['the method has no response body'],
        };
      const ref = found.response.$ref;
      let validate = validators.get(ref);
      if (!validate) {
        validate = ajv.compile({ definitions, $ref: `#/definitions/${ref}` });
        validators.set(ref, validate);
      }
      const ok = validate(body);
      return {
        methodId: found.id,
        errors: ok
          ? []
          : (validate.errors ?? []).map(
              (e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
            ),
      };
    },
  };
}

export function loadDiscoveryContract(file: string): DiscoveryContract {
  return discoveryContract(
    JSON.parse(readFileSync(new URL(`../contracts/${file}`, import.meta.url), 'utf8')) as DiscoveryDocument,
  );
}
