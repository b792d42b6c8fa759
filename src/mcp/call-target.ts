import type { Caller } from '../toolkit/context.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { Registry, ToolSelection } from '../toolkit/registry.js';
import type { McpContext } from './context.js';
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

/** The discovery meta-tools: in discovery mode these names are theirs, whatever the catalog holds. */
const META_TOOLS: ReadonlySet<string> = new Set([SEARCH_TOOLS, DESCRIBE_TOOL, EXECUTE_READ_TOOL, EXECUTE_ACTION_TOOL]);

/**
 * The catalog tool a tools/call of `name` runs when the caller may call it, settled as the caller's view
 * would settle it but from the integrations that one tool reaches: the view asks about every integration
 * (each may read a store), which a call of one tool need not. Undefined for a meta-tool's name and for
 * whatever the caller cannot call, which the view answers (its refusal says why in its own terms).
 */
export async function directCallTarget(
  app: Pick<McpContext, 'registry' | 'connections' | 'governance'>,
  selected: ReadonlySet<ToolDefinition>,
  request: { caller: Caller; narrowing: ToolSelection },
  name: string,
  args: Record<string, unknown>,
): Promise<CallTarget | undefined> {
  const { registry } = app;
  const tool = META_TOOLS.has(name) ? undefined : registry.find(name);
  if (!tool || !selected.has(tool) || registry.excludedBy(request.narrowing, tool) !== undefined) return undefined;
  const [available, visibility] = await Promise.all([
    app.connections.available(request.caller, registry.integrationsOf(tool)),
    app.governance.policies.visibility(request.caller),
  ]);
  return registry.reachableWith(tool, available) && visibility.denialOf(tool) === undefined
    ? { tool, args }
    : undefined;
}

/** The caller with the MCP client it acts through, as initialize named it (stateless HTTP keeps the User-Agent). */
export function withMcpClient(caller: Caller, client: { name: string; version: string } | undefined): Caller {
  return client ? { ...caller, client: `${client.name}/${client.version}` } : caller;
}
