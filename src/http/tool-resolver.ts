import { AppError } from '../toolkit/errors.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { Registry } from '../toolkit/registry.js';

/**
 * The one tool resolver of the REST surfaces: a system plus a tool name (`get_issues`), its
 * method name (`get-issues`) or an alias (`chatmessage:list`). An unknown system is 404 NOT_FOUND naming the known ones; an unknown
 * tool is 404 TOOL_NOT_FOUND listing the system's tools.
 */
export function resolveTool(registry: Registry, system: string, name: string): ToolDefinition {
  if (!registry.system(system)) {
    throw new AppError(
      'NOT_FOUND',
      `Unknown system: ${system}. Known systems: ${registry.systems.map((s) => s.id).join(', ')}`,
    );
  }
  const tool = registry.find(name, system) ?? registry.find(name.replace(/-/g, '_'), system);
  if (!tool) {
    throw new AppError('TOOL_NOT_FOUND', `Unknown tool "${name}" in ${system}`, {
      details: { available_tools: registry.toolsOf(system).map((t) => t.name) },
    });
  }
  return tool;
}
