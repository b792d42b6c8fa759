import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import { AppError } from '../toolkit/errors.js';
import type { Registry } from '../toolkit/registry.js';
import { CatalogSearch } from './catalog-search.js';
import { mcpTool } from './tool-list.js';

/** The meta-tools of discovery mode: search the catalog, describe a tool, execute a tool by name. */
export const SEARCH_TOOLS = 'search_tools';
export const DESCRIBE_TOOL = 'describe_tool';
export const EXECUTE_TOOL = 'execute_tool';

const SearchArgs = z.strictObject({
  query: z.string().min(1).max(500).describe('What you want to do, in plain words'),
  system: z.string().max(50).optional().describe('Only tools of this system, e.g. code_host'),
  limit: z.number().int().min(1).max(25).default(8),
});
const DescribeArgs = z.strictObject({ name: z.string().min(1).max(64).describe('Tool name from search_tools') });
const ExecuteArgs = z.strictObject({
  name: z.string().min(1).max(64).describe('Tool name from search_tools'),
  arguments: z.record(z.string(), z.unknown()).default({}).describe('Arguments matching the tool input schema'),
});

const schemaOf = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  delete json.$schema;
  return json as Tool['inputSchema'];
};

export function discoveryTools(): Tool[] {
  return [
    {
      name: SEARCH_TOOLS,
      title: 'Search the tool catalog',
      description: 'Find tools for a task by words (GitHub issues, DORA metrics, Jira tickets, wiki pages...). Returns names, descriptions and when to use each. Call describe_tool for the input schema, then execute_tool.',
      inputSchema: schemaOf(SearchArgs),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: DESCRIBE_TOOL,
      title: 'Describe a tool',
      description: 'The full input schema, hints and examples of one tool found with search_tools.',
      inputSchema: schemaOf(DescribeArgs),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: EXECUTE_TOOL,
      title: 'Execute a tool',
      description: 'Run a catalog tool by name with its arguments. Action tools change upstream data.',
      inputSchema: schemaOf(ExecuteArgs),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
  ];
}

function parse<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw new AppError('VALIDATION_ERROR', z.prettifyError(parsed.error).replace(/\n/g, '; '));
  return parsed.data;
}

/** Answers the meta-tools over the selected part of the catalog. */
export class Discovery {
  private readonly search: CatalogSearch;
  private readonly byName: Map<string, ToolDefinition>;

  constructor(private readonly registry: Registry, tools: readonly ToolDefinition[]) {
    this.search = new CatalogSearch(registry, tools);
    this.byName = new Map(tools.map((t) => [t.qualifiedName, t]));
  }

  find(name: string): ToolDefinition {
    const tool = this.byName.get(name);
    if (!tool) throw new AppError('TOOL_NOT_FOUND', `Unknown tool "${name}": use search_tools to find tool names`);
    return tool;
  }

  searchTools(raw: unknown): Record<string, unknown> {
    const args = parse(SearchArgs, raw);
    const hits = this.search.search(args.query, { system: args.system, limit: args.limit });
    return {
      tools: hits.map(({ tool, score }) => ({
        name: tool.qualifiedName,
        system: tool.system,
        capability: tool.capability.type,
        description: tool.description,
        when_to_use: tool.hints.when_to_use,
        not_for: tool.hints.not_for,
        score: Math.round(score * 100) / 100,
      })),
      count: hits.length,
    };
  }

  describeTool(raw: unknown): Record<string, unknown> {
    const tool = this.find(parse(DescribeArgs, raw).name);
    return { ...mcpTool(this.registry, tool) };
  }

  executeArgs(raw: unknown): { tool: ToolDefinition; arguments: Record<string, unknown> } {
    const args = parse(ExecuteArgs, raw);
    return { tool: this.find(args.name), arguments: args.arguments };
  }
}
