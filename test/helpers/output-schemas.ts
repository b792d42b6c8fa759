import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { z } from 'zod';
import type { ToolDefinition } from '../../src/toolkit/define-tool.js';
import type { Registry } from '../../src/toolkit/registry.js';

// A CommonJS module: under NodeNext its default import is module.exports, whose `default` is the plugin.
const addFormats = addFormatsModule.default;

type Validate = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null };

/**
 * Checks tool results against what the catalog publishes: the MCP outputSchema (as a client would,
 * with Ajv and formats) and the tool's own zod schema, which also requires every declared field.
 * Remembers which tools had a result checked.
 */
export class OutputChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<ToolDefinition, Validate>();
  /** Tool names whose results were checked, with how many results each. */
  readonly checked = new Map<string, number>();

  constructor(private readonly registry: () => Registry) {
    addFormats(this.ajv);
  }

  /** Compiles a JSON Schema with formats on, as the MCP SDK's client does. */
  compile(schema: Record<string, unknown>): Validate {
    return this.ajv.compile(schema) as Validate;
  }

  problems(definition: ToolDefinition, result: unknown, options: { projected?: boolean } = {}): string[] {
    const schema = this.registry().outputJsonSchema(definition);
    if (!schema) return ['no outputSchema'];
    let validate = this.compiled.get(definition);
    if (!validate) this.compiled.set(definition, (validate = this.compile(schema)));
    this.checked.set(definition.name, (this.checked.get(definition.name) ?? 0) + 1);
    const found = validate(result)
      ? []
      : (validate.errors ?? []).map((e) => `json schema: ${e.instancePath || '/'} ${e.message}`);
    found.push(...undeclaredKeys(schema, result));
    if (options.projected) return found;
    const strict = definition.list
      ? z.looseObject({ [definition.list.key]: z.array(definition.item as z.ZodType) })
      : (definition.output as z.ZodType);
    const parsed = strict.safeParse(result);
    if (!parsed.success) found.push(...parsed.error.issues.map((i) => `zod: /${i.path.join('/')} ${i.message}`));
    return found;
  }
}

/**
 * Top-level result keys the published schema does not declare: published schemas leave
 * `additionalProperties` open (it would weigh on every descriptor), so a result growing a key unnoticed
 * is caught here instead.
 */
function undeclaredKeys(schema: Record<string, unknown>, result: unknown): string[] {
  const declared = schema.properties;
  if (!declared || typeof declared !== 'object' || schema.additionalProperties || schema.patternProperties) return [];
  if (!result || typeof result !== 'object' || Array.isArray(result)) return [];
  return Object.keys(result)
    .filter((key) => !(key in declared))
    .map((key) => `undeclared top-level key: ${key}`);
}
