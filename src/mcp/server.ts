import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../app.js';
import type { Caller } from '../toolkit/context.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { ToolSelection } from '../toolkit/registry.js';
import { VERSION } from '../version.js';
import { Discovery, discoveryTools, DESCRIBE_TOOL, EXECUTE_TOOL, SEARCH_TOOLS } from './discovery.js';
import { errorResult, successResult } from './results.js';
import { mcpTool } from './tool-list.js';

export type ToolMode = 'full' | 'discovery' | 'auto';

/** Above this many selected tools, `auto` mode switches to discovery so the catalog never floods a context. */
export const AUTO_DISCOVERY_THRESHOLD = 40;

export interface McpSurfaceOptions extends ToolSelection {
  mode?: ToolMode;
}

/**
 * What every MCP server instance of one app shares: the selected tools and their precomputed list
 * entries. Built once; a server per HTTP request then costs almost nothing.
 */
export class McpSurface {
  readonly tools: ToolDefinition[];
  readonly mode: 'full' | 'discovery';
  private readonly listed: Tool[];
  private readonly byName: Map<string, ToolDefinition>;
  private readonly discovery: Discovery;
  /** One validator for every server instance: the SDK would otherwise build an Ajv per request. */
  private readonly validator = new AjvJsonSchemaValidator();

  constructor(private readonly app: App, options: McpSurfaceOptions = {}) {
    this.tools = app.registry.select(options);
    const mode = options.mode ?? 'auto';
    this.mode = mode === 'auto' ? (this.tools.length > AUTO_DISCOVERY_THRESHOLD ? 'discovery' : 'full') : mode;
    this.byName = new Map(this.tools.map((t) => [t.qualifiedName, t]));
    this.discovery = new Discovery(app.registry, this.tools);
    this.listed = this.mode === 'full' ? this.tools.map((t) => mcpTool(app.registry, t)) : discoveryTools();
  }

  /** A protocol server whose calls act as the caller `callerFor` resolves. */
  createServer(callerFor: () => Caller | Promise<Caller>): Server {
    const server = new Server(
      { name: 'constellation', version: VERSION },
      {
        capabilities: { tools: { listChanged: false } },
        jsonSchemaValidator: this.validator,
        instructions:
          this.mode === 'discovery'
            ? 'This server has a large tool catalog. Call search_tools with what you want to do, describe_tool for the input schema, then execute_tool.'
            : 'Tools are named <system>_<tool>. Read each tool’s "Use when" and "Not for" lines to pick the right one.',
      },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: this.listed }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      try {
        const { name, arguments: args } = request.params;
        return successResult(await this.call(await callerFor(), name, args ?? {}));
      } catch (error) {
        return errorResult(error);
      }
    });
    return server;
  }

  private async call(caller: Caller, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (this.mode === 'discovery') {
      if (name === SEARCH_TOOLS) return this.discovery.searchTools(args);
      if (name === DESCRIBE_TOOL) return this.discovery.describeTool(args);
      if (name === EXECUTE_TOOL) {
        const { tool, arguments: toolArgs } = this.discovery.executeArgs(args);
        return this.app.executor.execute(caller, tool, toolArgs);
      }
    }
    const tool = this.byName.get(name) ?? this.discovery.find(name);
    return this.app.executor.execute(caller, tool, args);
  }
}
