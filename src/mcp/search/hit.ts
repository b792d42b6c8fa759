import type { ToolDefinition } from '../../toolkit/define-tool.js';

/** A tool the catalog search found, how well it ranked, and why. */
export interface SearchHit {
  tool: ToolDefinition;
  score: number;
  /** The evidence that ranked it, in a few words. */
  reason: string;
}

/** A hit as both search surfaces show it (MCP's search_tools, REST's `GET /mcp/search`). */
export function hitView({ tool, score, reason }: SearchHit): Record<string, unknown> {
  return {
    name: tool.qualifiedName,
    system: tool.system,
    capability: tool.capability.type,
    description: tool.description,
    when_to_use: tool.hints.when_to_use,
    not_for: tool.hints.not_for,
    score: Math.round(score * 100) / 100,
    reason,
  };
}
