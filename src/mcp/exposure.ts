import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config/config.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import { closestName } from '../toolkit/closest-name.js';
import { AppError } from '../toolkit/errors.js';
import type { CallGuard } from '../toolkit/executor.js';
import { toolsetOf, type Registry, type SelectionRule, type ToolSelection } from '../toolkit/registry.js';

/**
 * Who set a selection, named the way that party wrote it: the server's flags (or their environment
 * variables) or one HTTP request's headers.
 */
interface SelectionSource {
  scope: string;
  names: Record<SelectionRule, string>;
}

export const SERVER_SETTINGS: SelectionSource = {
  scope: 'server',
  names: { readOnly: '--read-only', toolsets: '--toolsets', tools: '--tools' },
};

/** The selection the server's settings make, for every surface (MCP lists and calls, REST lists and calls). */
export const serverSelectionOf = (config: Pick<Config, 'toolsets' | 'tools' | 'readOnly'>): ToolSelection => ({
  toolsets: config.toolsets,
  tools: config.tools,
  readOnly: config.readOnly,
});

/**
 * The executor's guard with the server's settings first: a call of a tool they leave out is refused
 * (FORBIDDEN, naming the setting) on every surface, as MCP's listing leaves it out.
 */
export function exposedOnly(registry: Registry, selection: ToolSelection, guard: CallGuard): CallGuard {
  // The settings do not change while the server runs: each tool's standing is worked out once.
  const exclusions = new Map<ToolDefinition, SelectionRule | undefined>();
  const exclusionOf = (tool: ToolDefinition) => {
    if (!exclusions.has(tool)) exclusions.set(tool, registry.excludedBy(selection, tool));
    return exclusions.get(tool);
  };
  return {
    admit: (caller, tool) => {
      const rule = exclusionOf(tool);
      if (rule)
        throw new AppError(
          'FORBIDDEN',
          `${exclusionReason(tool, rule, selection, SERVER_SETTINGS)}, so it cannot be called here`,
        );
      return guard.admit?.(caller, tool);
    },
    checkArguments: (caller, tool, args) => guard.checkArguments(caller, tool, args),
    maskResult: (caller, tool, result) => guard.maskResult(caller, tool, result),
    markResult: (caller, tool, result) => guard.markResult?.(caller, tool, result) ?? result,
  };
}

/** The request headers that narrow what one MCP request over HTTP sees (as github-mcp-server offers). */
export const EXPOSURE_HEADERS: SelectionSource = {
  scope: 'request',
  names: { readOnly: 'X-MCP-Readonly', toolsets: 'X-MCP-Toolsets', tools: 'X-MCP-Tools' },
};

const commaList = (value: string | string[] | undefined): string[] | undefined => {
  if (value === undefined) return undefined;
  const names = (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length ? names : undefined;
};

/** The selection a request's headers ask for; a bad `X-MCP-Readonly` value is a validation error. */
export function selectionFromHeaders(headers: IncomingHttpHeaders): ToolSelection {
  const selection: ToolSelection = {};
  const toolsets = commaList(headers['x-mcp-toolsets']);
  const tools = commaList(headers['x-mcp-tools']);
  if (toolsets) selection.toolsets = toolsets;
  if (tools) selection.tools = tools;
  const readOnly = headers['x-mcp-readonly'];
  if (readOnly !== undefined) {
    const value = String(readOnly).trim().toLowerCase();
    if (!['true', '1', 'false', '0'].includes(value))
      throw new AppError('VALIDATION_ERROR', `X-MCP-Readonly must be true or false, got "${String(readOnly)}"`);
    selection.readOnly = value === 'true' || value === '1';
  }
  return selection;
}

/**
 * The first name of a selection that is not among the valid ones, as a message: toolsets list every
 * valid name (a dozen), tools name the closest valid one (the catalog is long).
 */
export function invalidNames(
  selection: ToolSelection,
  valid: { toolsets: readonly string[]; tools: readonly string[] },
  source: SelectionSource,
): string | undefined {
  const where = source.scope === 'server' ? 'this catalog' : 'this server';
  const toolset = selection.toolsets?.find((name) => !valid.toolsets.includes(name));
  if (toolset !== undefined) {
    return `${source.names.toolsets}: "${toolset}" is not a toolset of ${where}; valid toolsets: ${valid.toolsets.join(', ') || '(none)'}`;
  }
  const tool = selection.tools?.find((name) => !valid.tools.includes(name));
  if (tool !== undefined) {
    const closest = closestName(tool, valid.tools);
    return `${source.names.tools}: "${tool}" is not a tool of ${where}${closest ? `; did you mean "${closest}"?` : ''}`;
  }
  return undefined;
}

/**
 * Why the server's own selection (flags or their variables) cannot serve: a name the catalog does not
 * have, or a selection that leaves no tool (`--read-only` with only action tools, toolsets and tools that
 * do not meet), naming why the tools it named are out. Undefined when it selects at least one tool.
 */
export function serverSelectionProblem(registry: Registry, selection: ToolSelection): string | undefined {
  const valid = { toolsets: registry.toolsetNames(), tools: registry.tools.map((t) => t.qualifiedName) };
  const unknown = invalidNames(selection, valid, SERVER_SETTINGS);
  if (unknown !== undefined || registry.select(selection).length > 0) return unknown;
  const named = registry.tools.filter((tool) =>
    selection.tools?.length
      ? selection.tools.includes(tool.qualifiedName)
      : registry.excludedBy({ toolsets: selection.toolsets }, tool) === undefined,
  );
  const reasons = named.slice(0, 3).map((tool) => {
    const rule = registry.excludedBy(selection, tool) ?? 'tools';
    return exclusionReason(tool, rule, selection, SERVER_SETTINGS);
  });
  return `no tool is left to serve: ${reasons.join('; ')}${named.length > 3 ? `; and ${named.length - 3} more` : ''}`;
}

/** The toolset and tool names that select at least one of these tools. */
export function namesWithin(
  registry: Registry,
  tools: readonly ToolDefinition[],
): { toolsets: string[]; tools: string[] } {
  const toolsets = new Set<string>();
  for (const tool of tools) toolsets.add(tool.system).add(toolsetOf(tool));
  return {
    toolsets: registry.toolsetNames().filter((name) => toolsets.has(name)),
    tools: tools.map((t) => t.qualifiedName),
  };
}

/** Why a selection leaves a tool out, in the words of whoever set it. */
export function exclusionReason(
  tool: ToolDefinition,
  rule: SelectionRule,
  selection: ToolSelection,
  source: SelectionSource,
): string {
  const name = tool.qualifiedName;
  switch (rule) {
    case 'readOnly':
      return `"${name}" is an action tool and this ${source.scope} is read-only (${source.names.readOnly})`;
    case 'toolsets':
      return `"${name}" (toolset ${toolsetOf(tool)}) is outside the toolsets ${selection.toolsets?.join(', ')} (${source.names.toolsets})`;
    case 'tools':
      return `"${name}" is not among the tools ${source.names.tools} allows`;
  }
}
