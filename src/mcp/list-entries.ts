import type { Tool } from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { Registry } from '../toolkit/registry.js';
import { mcpTool } from './tool-list.js';

/** A tool's `tools/list` entry and its size in bytes. */
export interface ListEntry {
  tool: Tool;
  bytes: number;
}

/**
 * The `tools/list` entries of a server's tools, each built the first time it is needed (or taken from the
 * entries stored when the catalog was built), and what a list of them weighs.
 */
export class ListEntries {
  private readonly entries = new Map<ToolDefinition, ListEntry>();

  constructor(
    private readonly registry: Registry,
    private readonly stored: ReadonlyMap<string, Tool>,
  ) {}

  // Lazy, because a host waits on the first tools/list: in discovery mode most entries are never listed.
  entry(tool: ToolDefinition): ListEntry {
    let entry = this.entries.get(tool);
    if (!entry) {
      const listed = this.stored.get(tool.qualifiedName) ?? mcpTool(this.registry, tool);
      entry = { tool: listed, bytes: Buffer.byteLength(JSON.stringify(listed)) };
      this.entries.set(tool, entry);
    }
    return entry;
  }

  /**
   * Bytes of the `tools/list` result that lists these tools in full (`{"tools":[...]}`), counted up to `stopAbove`;
   * an entry not built yet is weighed by the size the registry knows, if it does.
   */
  listBytes(tools: readonly ToolDefinition[], stopAbove = Infinity): number {
    let bytes = '{"tools":[]}'.length + Math.max(0, tools.length - 1);
    for (const tool of tools) {
      bytes += this.entries.get(tool)?.bytes ?? this.registry.listEntryBytes(tool) ?? this.entry(tool).bytes;
      if (bytes > stopAbove) break;
    }
    return bytes;
  }
}
