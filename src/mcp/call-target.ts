import type { Caller } from '../toolkit/context.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { Registry } from '../toolkit/registry.js';
import { DESCRIBE_TOOL, EXECUTE_ACTION_TOOL, EXECUTE_READ_TOOL, SEARCH_TOOLS } from './discovery.js';
import { unknownToolError } from './tool-list.js';
import type { View } from './views.js';

/** What a tools/call runs: a discovery meta-tool's own answer, or a catalog tool with its arguments. */
export type CallTarget = { answer: Record<string, unknown> } | { tool: ToolDefinition; args: Record<string, unknown> };

/**
 * What a tools/call of `name` names in a view. A name the catalog does not have is a protocol error; a
 * catalog tool the view does not see is an error result saying why (see the view's `resolve`).
 */
export function callTargetOf(registry: Registry, view: View, name: string, args: Record<string, unknown>): CallTarget {
  if (view.mode === 'discovery') {
    if (name === SEARCH_TOOLS) return { answer: view.discovery.searchTools(args) };
    if (name === DESCRIBE_TOOL) return { answer: view.discovery.describeTool(args) };
    if (name === EXECUTE_READ_TOOL || name === EXECUTE_ACTION_TOOL) {
      const { tool, arguments: toolArgs } = view.discovery.executeArgs(name, args);
      return { tool, args: toolArgs };
    }
  }
  if (!registry.find(name))
    throw unknownToolError(name, view.mode === 'full' ? '' : ` (use ${SEARCH_TOOLS} to find tool names)`);
  return { tool: view.resolve(name), args };
}

/** The caller with the MCP client it acts through, as initialize named it (stateless HTTP keeps the User-Agent). */
export function withMcpClient(caller: Caller, client: { name: string; version: string } | undefined): Caller {
  return client ? { ...caller, client: `${client.name}/${client.version}` } : caller;
}
