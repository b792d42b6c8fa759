import { z } from 'zod';
import type { JsonSchema } from '../toolkit/registry.js';
import type { QueryParam } from './route-module.js';

/** Shapes the route declarations use in their OpenAPI operations. */

export const ANY_OBJECT: JsonSchema = { type: 'object' };

/** The JSON schema of a request zod schema, as its callers write it. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** The success envelope of the spec around `data`. */
export function envelopeOf(data: JsonSchema = ANY_OBJECT): JsonSchema {
  return {
    type: 'object',
    properties: {
      success: { const: true },
      data,
      meta: {
        type: 'object',
        properties: { tenant_id: { type: 'string' }, timestamp: { type: 'string', format: 'date-time' } },
      },
    },
    required: ['success', 'data'],
  };
}

/** The graph family's success body: `{success, data, metadata?}`. */
export function graphBodyOf(data: JsonSchema = ANY_OBJECT, metadata: JsonSchema = ANY_OBJECT): JsonSchema {
  return { type: 'object', properties: { success: { const: true }, data, metadata }, required: ['success', 'data'] };
}

/** Query parameters of the properties of an object schema (GET routes carry their arguments there). */
export function queryParamsOf(schema: JsonSchema, names?: readonly string[]): QueryParam[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties)
    .filter(([name]) => !names || names.includes(name))
    .map(([name, property]) => ({
      name,
      schema: property,
      required: required.has(name) && property.default === undefined,
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
    }));
}

/** Some properties of an object schema (a spec route that takes only some of a tool's arguments). */
export function pickedSchema(schema: JsonSchema, names: readonly string[]): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const kept = names.filter((name) => properties[name]);
  const required = ((schema.required as string[] | undefined) ?? []).filter(
    (name) => kept.includes(name) && properties[name].default === undefined,
  );
  return {
    type: 'object',
    properties: Object.fromEntries(kept.map((name) => [name, properties[name]])),
    ...(required.length ? { required } : {}),
  };
}
