import { z } from 'zod';
import { isListTool, type ToolDefinition } from './define-tool.js';
import { paginationJsonSchema, paginationShape } from './pagination.js';
import { shareRepeatedParts, toJsonSchema, type JsonSchema } from './json-schema.js';
import { hasUnsafeSegment } from './projection.js';
import {
  CACHE_INFO_PROPERTY,
  carriesPeopleText,
  PARTIAL_RESULT_PROPERTIES,
  UNTRUSTED_CONTENT_PROPERTY,
} from './result-schema.js';

/** The schemas of one tool as the registry serves them (see the Registry methods of the same names). */
export interface ToolSchemas {
  input: z.ZodObject<z.ZodRawShape>;
  inputJson: JsonSchema;
  advertisedJson: JsonSchema;
  outputJson?: JsonSchema;
}

const fieldsShape = {
  fields: z
    .array(
      z
        .string()
        .min(1)
        .max(200)
        .refine((path) => !hasUnsafeSegment(path), 'a field path may not name __proto__, constructor or prototype'),
    )
    .max(50)
    .optional()
    .describe('Return only these fields (dotted paths such as "user.login"); of each item for list tools'),
};

/** An input schema as agents are shown it: `added` are the arguments the registry gave the tool. */
function advertised(schema: JsonSchema, added: readonly string[]): JsonSchema {
  const { properties = {}, additionalProperties: _strict, ...rest } = schema;
  const shown: JsonSchema = {};
  for (const [key, property] of Object.entries(properties as Record<string, JsonSchema>)) {
    if (key === 'fields' && added.includes(key)) continue;
    const { description: _toldOnce, ...bare } = property;
    shown[key] = added.includes(key) ? bare : property;
  }
  return { ...rest, properties: shown };
}

/** Builds a tool's input schemas (its own arguments plus `fields`, and paging for list tools) and output schema. */
export function shapeToolSchemas(tool: ToolDefinition): ToolSchemas {
  const own = tool.input.shape;
  const extra: Record<string, z.ZodType> = { ...fieldsShape };
  if (isListTool(tool)) {
    for (const [key, schema] of Object.entries(paginationShape)) if (!(key in own)) extra[key] = schema;
  }
  // Strict: a misspelt argument is refused, never silently dropped (a dropped filter widens a read, a
  // dropped option changes what an action does).
  const input = tool.input.extend(extra).strict() as z.ZodObject<z.ZodRawShape>;
  const output = outputSchemaOf(tool);
  const inputJson = toJsonSchema(input, 'input');
  return {
    input,
    inputJson,
    advertisedJson: advertised(inputJson, Object.keys(extra)),
    outputJson: output && shareRepeatedParts(output),
  };
}

function outputSchemaOf(tool: ToolDefinition): JsonSchema | undefined {
  const untrusted = carriesPeopleText(tool) ? { untrusted_content: UNTRUSTED_CONTENT_PROPERTY } : {};
  if (isListTool(tool)) {
    // A recursive item schema refers to its definitions from the document's root: they move there.
    const { $defs, ...item } = tool.item ? toJsonSchema(tool.item, 'output') : { type: 'object' };
    const extra = tool.extra ? ((toJsonSchema(tool.extra, 'output').properties ?? {}) as JsonSchema) : {};
    return {
      type: 'object',
      properties: {
        ...extra,
        [tool.list.key]: { type: 'array', items: item },
        count: { type: 'integer' },
        truncated: { type: 'boolean', description: 'True when the size budget cut this page short of limit' },
        pagination: paginationJsonSchema,
        ...(tool.list.topLevelPaging
          ? {
              has_more: paginationJsonSchema.properties.has_more,
              next_cursor: paginationJsonSchema.properties.next_cursor,
            }
          : {}),
        ...PARTIAL_RESULT_PROPERTIES,
        ...untrusted,
      },
      ...($defs ? { $defs } : {}),
    };
  }
  if (!tool.output) return undefined;
  const json = toJsonSchema(tool.output, 'output');
  if (json.type !== 'object') return undefined;
  const cache = tool.capability.type === 'analytical' ? { cache: CACHE_INFO_PROPERTY } : {};
  return {
    ...json,
    properties: { ...((json.properties ?? {}) as JsonSchema), ...cache, ...PARTIAL_RESULT_PROPERTIES, ...untrusted },
  };
}
