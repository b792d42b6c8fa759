import type { ToolDefinition, ToolTarget } from './define-tool.js';

const IDENTIFIER_ARGS: Array<[string, string]> = [
  ['repo_id', 'repository'],
  ['issue_key', 'issue'],
  ['project_key', 'project'],
  ['page_id', 'page'],
  ['space_key', 'space'],
  ['username', 'user'],
  ['email', 'user'],
];

function defaultTarget(tool: ToolDefinition, args: Record<string, unknown>): ToolTarget {
  for (const [arg, type] of IDENTIFIER_ARGS) {
    const value = args[arg];
    if (typeof value === 'string' && value) return { type, id: value };
  }
  return { type: 'system', id: tool.system };
}

/** The activity target of a call: from validated arguments only; refused arguments fall back to the system. */
export function callTarget(tool: ToolDefinition, args: Record<string, unknown> | undefined): ToolTarget {
  if (!args) return { type: 'system', id: tool.system };
  const own = tool.target?.(args);
  if (own && typeof own.type === 'string' && own.type && typeof own.id === 'string' && own.id) return own;
  return defaultTarget(tool, args);
}
