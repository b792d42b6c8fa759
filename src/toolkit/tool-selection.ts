import type { ToolDefinition } from './define-tool.js';

export interface ToolSelection {
  /** Only these toolsets: a system (`code_host`) or a finer toolset (`code_host.issues`); all when empty. */
  toolsets?: readonly string[];
  /** Only these tools, by qualified name; all when empty. */
  tools?: readonly string[];
  /** Leave out every `action` tool. */
  readOnly?: boolean;
}

/** Which rule of a selection leaves a tool out. */
export type SelectionRule = 'readOnly' | 'toolsets' | 'tools';

/**
 * The toolset of a tool finer than its system: its capability name without the last segment
 * (`code_host.issues.list` → `code_host.issues`).
 */
export function toolsetOf(tool: ToolDefinition): string {
  const name = tool.capability.name;
  return name.slice(0, name.lastIndexOf('.'));
}

/** The first rule of the selection that leaves the tool out, or undefined when it is selected. */
export function excludingRule(selection: ToolSelection, tool: ToolDefinition): SelectionRule | undefined {
  if (selection.readOnly && tool.capability.type === 'action') return 'readOnly';
  if (
    selection.toolsets?.length &&
    !selection.toolsets.some((name) => name === tool.system || name === toolsetOf(tool))
  )
    return 'toolsets';
  if (selection.tools?.length && !selection.tools.includes(tool.qualifiedName)) return 'tools';
  return undefined;
}
