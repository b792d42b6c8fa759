import { describe, expect, it } from 'vitest';
import { STORED_ENTRIES_FILE, storedListEntries } from '../../src/mcp/stored-entries.js';
import { mcpTool } from '../../src/mcp/tool-list.js';
import { loadSelectedCatalog } from '../../tools/catalog.js';
import { buildRegistry } from '../../tools/index.js';

// A start of the built server lists the entries stored with its bundle instead of building them from the
// tools' schemas: they must be exactly what the catalog's modules give, for the whole catalog and for a
// start that loads only some systems.

const stored = storedListEntries(new URL(`../../dist/bundle/${STORED_ENTRIES_FILE}`, import.meta.url));

describe('the tools/list entries stored with the bundle', () => {
  it('are every catalog tool’s entry, as its module builds it', () => {
    const whole = buildRegistry();
    expect(stored && [...stored.values()]).toEqual(whole.tools.map((tool) => mcpTool(whole, tool)));
  });

  it.each([['notes'], ['insights'], ['graph']])('are those a start with --toolsets %s builds', async (toolset) => {
    const { registry } = await loadSelectedCatalog({ toolsets: [toolset] });
    const served = registry.select({ toolsets: [toolset] });
    expect(served.map((tool) => stored?.get(tool.qualifiedName))).toEqual(
      served.map((tool) => mcpTool(registry, tool)),
    );
  });
});
