import { mcpTool } from '../src/mcp/tool-list.js';
import { buildRegistry } from '../tools/index.js';
import type { BenchResult, BenchSuite } from './lib.js';

// How heavy the catalog is in a host's context, in tokens (characters / 4, the usual estimate): what the
// model sees of each tool (name, description, input schema) and the whole `tools/list` entry (output
// schema, annotations and _meta too), on average, at most, and per system.

const tokens = (value: unknown): number => JSON.stringify(value).length / 4;
const average = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

export const run: BenchSuite = async () => {
  const registry = buildRegistry();
  const rows = registry.tools.map((tool) => {
    const entry = mcpTool(registry, tool);
    return {
      tool,
      visible: tokens({ name: entry.name, description: entry.description, inputSchema: entry.inputSchema }),
      full: tokens(entry),
      output: entry.outputSchema ? tokens(entry.outputSchema) : 0,
      meta: tokens(entry._meta ?? {}),
    };
  });
  const figure = (name: string, value: number, note?: string): BenchResult => ({
    suite: 'tool-weight',
    name,
    value,
    unit: 'tokens',
    ...(note ? { note } : {}),
  });
  const heaviest = [...rows].sort((a, b) => b.visible - a.visible)[0];
  const heaviestFull = [...rows].sort((a, b) => b.full - a.full)[0];
  return [
    figure('model-visible per tool, average', average(rows.map((r) => r.visible)), `${rows.length} tools; goal 200`),
    figure('model-visible per tool, most', heaviest.visible, `${heaviest.tool.qualifiedName}; goal 400`),
    figure('full tools/list entry, average', average(rows.map((r) => r.full)), 'goal 600'),
    figure('full tools/list entry, most', heaviestFull.full, heaviestFull.tool.qualifiedName),
    figure('output schema, average', average(rows.map((r) => r.output))),
    figure('_meta, average', average(rows.map((r) => r.meta))),
    figure(
      'whole catalog, full entries',
      rows.reduce((sum, r) => sum + r.full, 0),
      `${rows.length} tools`,
    ),
    ...registry.systems.map((system) => {
      const of = rows.filter((r) => r.tool.system === system.id);
      return figure(`model-visible per tool, ${system.id}`, average(of.map((r) => r.visible)), `${of.length} tools`);
    }),
  ];
};
