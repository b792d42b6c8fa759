import type { Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import { AppError } from '../toolkit/errors.js';
import type { Registry } from '../toolkit/registry.js';
import { hitView, type CatalogSearch } from './catalog-search.js';
import { toolArguments } from './arguments.js';
import { mcpTool } from './tool-list.js';
import {
  DescribeArgs,
  DESCRIBE_SCHEMA,
  EXECUTE_SCHEMA,
  ExecuteArgs,
  SEARCH_SCHEMA,
  SearchArgs,
} from './discovery-args.js';

/**
 * The meta-tools of discovery mode: search the catalog, describe a tool, and run one. Running is split
 * in two, reads (and analytics) apart from actions, so each meta-tool's annotations stay honest.
 */
export const SEARCH_TOOLS = 'search_tools';
export const DESCRIBE_TOOL = 'describe_tool';
export const EXECUTE_READ_TOOL = 'execute_read_tool';
export const EXECUTE_ACTION_TOOL = 'execute_action_tool';

type ExecuteMetaTool = typeof EXECUTE_READ_TOOL | typeof EXECUTE_ACTION_TOOL;

/** The meta-tool that runs a catalog tool. */
const executorOf = (tool: ToolDefinition): ExecuteMetaTool =>
  tool.capability.type === 'action' ? EXECUTE_ACTION_TOOL : EXECUTE_READ_TOOL;

const LOCAL_READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/**
 * The meta-tools for these visible tools. Each execute meta-tool is listed only when there is something
 * for it to run, and its hints sum up what it may run: an action meta-tool is destructive only when some
 * visible action is, open-world only when some visible tool reaches an upstream.
 */
export function discoveryTools(registry: Registry, tools: readonly ToolDefinition[]): Tool[] {
  const annotationsOf = (kind: ExecuteMetaTool) =>
    tools.filter((t) => executorOf(t) === kind).map((t) => registry.annotations(t));
  const reads = annotationsOf(EXECUTE_READ_TOOL);
  const actions = annotationsOf(EXECUTE_ACTION_TOOL);
  const listed: Tool[] = [
    {
      name: SEARCH_TOOLS,
      title: 'Search the tool catalog',
      description: `Find tools for a task by words (GitHub issues, DORA metrics, Jira tickets, wiki pages...). Returns names, descriptions, when to use each and which meta-tool runs it. Call ${DESCRIBE_TOOL} for the input schema, then ${EXECUTE_READ_TOOL} or ${EXECUTE_ACTION_TOOL}.`,
      inputSchema: SEARCH_SCHEMA,
      annotations: LOCAL_READ,
    },
    {
      name: DESCRIBE_TOOL,
      title: 'Describe a tool',
      description: `The full input schema, hints and examples of one tool found with ${SEARCH_TOOLS}.`,
      inputSchema: DESCRIBE_SCHEMA,
      annotations: LOCAL_READ,
    },
  ];
  if (reads.length) {
    listed.push({
      name: EXECUTE_READ_TOOL,
      title: 'Run a read tool',
      description: `Run a read or analytical catalog tool by name with its arguments. Changes nothing; action tools run with ${EXECUTE_ACTION_TOOL}.`,
      inputSchema: EXECUTE_SCHEMA,
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: reads.some((a) => a.openWorldHint),
      },
    });
  }
  if (actions.length) {
    listed.push({
      name: EXECUTE_ACTION_TOOL,
      title: 'Run an action tool',
      description: `Run an action catalog tool by name with its arguments: it changes data (creates, updates, merges...). Reads run with ${EXECUTE_READ_TOOL}.`,
      inputSchema: EXECUTE_SCHEMA,
      annotations: {
        readOnlyHint: false,
        destructiveHint: actions.some((a) => a.destructiveHint),
        idempotentHint: actions.every((a) => a.idempotentHint),
        openWorldHint: actions.some((a) => a.openWorldHint),
      },
    });
  }
  return listed;
}

function parse<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw new AppError('VALIDATION_ERROR', z.prettifyError(parsed.error).replace(/\n/g, '; '));
  return parsed.data;
}

/**
 * Answers the meta-tools over the tools one session sees. `resolve` finds a visible tool by name or
 * throws why it cannot be used (unknown, hidden, not configured).
 */
export class Discovery {
  constructor(
    private readonly registry: Registry,
    private readonly search: CatalogSearch,
    private readonly visible: ReadonlySet<ToolDefinition>,
    private readonly resolve: (name: string) => ToolDefinition,
  ) {}

  searchTools(raw: unknown): Record<string, unknown> {
    const args = parse(SearchArgs, raw);
    const hits = this.search.search(args.query, {
      system: args.system,
      limit: args.limit,
      include: (tool) => this.visible.has(tool),
    });
    return {
      tools: hits.map((hit) => ({ ...hitView(hit), run_with: executorOf(hit.tool) })),
      count: hits.length,
    };
  }

  describeTool(raw: unknown): Record<string, unknown> {
    const tool = this.resolve(parse(DescribeArgs, raw).name);
    const output = this.registry.outputJsonSchema(tool);
    return {
      ...mcpTool(this.registry, tool),
      ...(output ? { outputSchema: output } : {}),
      llm_hints: tool.hints,
      run_with: executorOf(tool),
    };
  }

  /** The tool and arguments one execute meta-tool was asked to run; a tool of the other kind is refused. */
  executeArgs(meta: ExecuteMetaTool, raw: unknown): { tool: ToolDefinition; arguments: Record<string, unknown> } {
    // The inner arguments stand for the catalog tool's own tools/call arguments, and are refused alike.
    if (typeof raw === 'object' && raw !== null && 'arguments' in raw)
      toolArguments(raw.arguments, `${meta} arguments.arguments`);
    const args = parse(ExecuteArgs, raw);
    const tool = this.resolve(args.name);
    const right = executorOf(tool);
    if (right !== meta) {
      const kind =
        right === EXECUTE_ACTION_TOOL
          ? 'an action tool (it changes data)'
          : `a ${tool.capability.type} tool (it changes nothing)`;
      throw new AppError('VALIDATION_ERROR', `"${tool.qualifiedName}" is ${kind}: run it with ${right}, not ${meta}`);
    }
    return { tool, arguments: args.arguments };
  }
}
