import { ProtocolError, ProtocolErrorCode, type Tool } from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import { withoutProse } from '../toolkit/json-schema.js';
import type { Registry } from '../toolkit/registry.js';
import { GRAPH_APP_TOOLS, GRAPH_APP_URI } from './app/graph-view.js';

/** The MCP App a tool's result renders in, for hosts that render MCP Apps (both spellings of the key). */
function appMetaOf(tool: ToolDefinition): Record<string, unknown> {
  return GRAPH_APP_TOOLS.has(tool.qualifiedName)
    ? { ui: { resourceUri: GRAPH_APP_URI }, 'ui/resourceUri': GRAPH_APP_URI }
    : {};
}

/** The MCP `tools/list` entry of a catalog tool: schemas, annotations and hints, all from the definition. */
export function mcpTool(registry: Registry, tool: ToolDefinition): Tool {
  const output = registry.outputJsonSchema(tool);
  return {
    name: tool.qualifiedName,
    ...(tool.title ? { title: tool.title } : {}),
    // What to use instead is what a model most needs beside what the tool does; when to use it mostly
    // repeats the description, and stays in the hints `describe_tool` and discovery give.
    description: `${tool.description}\nNot for: ${tool.hints.not_for}`,
    inputSchema: registry.advertisedInputSchema(tool) as Tool['inputSchema'],
    // Clients validate results against it; the model reads the result, so its prose is left to describe_tool.
    ...(output ? { outputSchema: withoutProse(output) } : {}),
    annotations: registry.annotations(tool),
    // The hints stay with `describe_tool` and the discovery descriptors: hosts do not read them here.
    _meta: { capability: registry.capability(tool), ...appMetaOf(tool) },
  };
}

/**
 * `tools/list` answers in one page and so never hands out a cursor: any cursor a client sends is not
 * ours, which the pagination utility answers with invalid params rather than with the first page again.
 */
export function refuseForeignCursor(cursor: unknown): void {
  if (cursor !== undefined)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'Invalid cursor: tools/list answers in one page and issues no cursor',
    );
}

/** A `tools/call` of a name the catalog does not have: a protocol error (invalid params), as both protocol eras specify. */
export const unknownToolError = (name: string, hint = ''): ProtocolError =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}${hint}`);
