import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withToolTable } from '../../src/docs/tool-table.js';
import { DESCRIBE_TOOL, EXECUTE_ACTION_TOOL, EXECUTE_READ_TOOL, SEARCH_TOOLS } from '../../src/mcp/discovery.js';
import { buildRegistry } from '../../tools/index.js';

const registry = buildRegistry();
const DESCRIPTION_BUDGET = 400;

describe('catalog invariants', () => {
  it('tool names are unique and valid for every MCP host', () => {
    const names = registry.tools.map((t) => t.qualifiedName);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('every name a host lists still fits 64 characters behind a 20-character server prefix', () => {
    const hostPrefix = 'mcp__constellation__';
    expect(hostPrefix).toHaveLength(20);
    const listed = [
      ...registry.tools.map((t) => t.qualifiedName),
      SEARCH_TOOLS,
      DESCRIBE_TOOL,
      EXECUTE_READ_TOOL,
      EXECUTE_ACTION_TOOL,
    ];
    expect(listed.filter((name) => (hostPrefix + name).length > 64)).toEqual([]);
  });

  it.each(registry.tools.map((t) => [t.qualifiedName, t] as const))(
    '%s has a capability, honest hints and valid examples',
    (_name, tool) => {
      expect(['action', 'analytical', 'read']).toContain(tool.capability.type);
      expect(tool.capability.name).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      expect(tool.description.length).toBeGreaterThan(20);
      expect(tool.description.length).toBeLessThanOrEqual(DESCRIPTION_BUDGET);
      expect(tool.hints.aliases.length).toBeGreaterThan(0);
      expect(tool.hints.when_to_use.length).toBeGreaterThan(10);
      expect(tool.hints.not_for.length).toBeGreaterThan(10);
      expect(tool.hints.examples.length).toBeGreaterThan(0);
      for (const example of tool.hints.examples) {
        expect(example.tool).toBe(tool.name);
        const parsed = registry.inputSchema(tool).safeParse(example.params);
        expect(parsed.success, `${tool.qualifiedName} example ${JSON.stringify(example.params)}`).toBe(true);
      }
    },
  );

  it.each(registry.tools.map((t) => [t.qualifiedName, t] as const))(
    '%s has annotations that agree with its capability',
    (_name, tool) => {
      const annotations = registry.annotations(tool);
      expect(annotations.readOnlyHint).toBe(tool.capability.type !== 'action');
      if (tool.capability.type !== 'action') expect(annotations.destructiveHint).toBe(false);
      const capability = registry.capability(tool);
      expect(capability.side_effects).toBe(tool.capability.type === 'action');
      if (tool.capability.type === 'analytical') expect(capability.outputs?.length).toBeGreaterThan(0);
    },
  );

  it.each(registry.tools.map((t) => [t.qualifiedName, t] as const))(
    '%s input schema is a plain object schema',
    (_name, tool) => {
      const schema = registry.inputJsonSchema(tool);
      expect(schema.type).toBe('object');
      for (const key of ['oneOf', 'anyOf', 'allOf']) expect(schema).not.toHaveProperty(key);
    },
  );

  it('every tool descriptor matches its committed snapshot', async () => {
    for (const tool of registry.tools) {
      const descriptor = {
        name: tool.qualifiedName,
        description: tool.description,
        capability: registry.capability(tool),
        annotations: registry.annotations(tool),
        inputSchema: registry.inputJsonSchema(tool),
        outputSchema: registry.outputJsonSchema(tool) ?? null,
        llm_hints: tool.hints,
      };
      await expect(JSON.stringify(descriptor, null, 2) + '\n').toMatchFileSnapshot(
        `./snapshots/${tool.qualifiedName}.json`,
      );
    }
  });

  it('the README tool table is up to date (run `npm run docs`)', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(withToolTable(readme, registry)).toBe(readme);
  });
});
