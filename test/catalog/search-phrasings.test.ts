import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../tools/index.js';

const registry = buildRegistry();
const phrasingsOf = (system: string, tool: string) => registry.system(system)?.search?.phrasings?.[tool] ?? [];

// Every tool's search evidence beyond its own words: natural requests in its system's
// tools/<system>/phrasings.ts, which the search reads and hosts never see.
describe('search phrasings', () => {
  it.each(registry.tools.map((t) => [t.qualifiedName, t] as const))(
    '%s has short natural requests of its own in its phrasing list',
    (_name, tool) => {
      const phrasings = phrasingsOf(tool.system, tool.name);
      expect(phrasings.length).toBeGreaterThanOrEqual(3);
      expect(new Set(phrasings).size).toBe(phrasings.length);
      const examples = new Set(tool.hints.examples.map((e) => e.query.toLowerCase()));
      for (const phrasing of phrasings) {
        expect(phrasing.split(/\s+/).length).toBeLessThanOrEqual(14);
        // An example already counts as evidence: a phrasing repeating one adds nothing.
        expect(examples.has(phrasing.toLowerCase())).toBe(false);
      }
    },
  );

  it.each(registry.systems.map((s) => [s.id, s] as const))('%s lists phrasings only for its own tools', (id, s) => {
    const names = new Set(registry.tools.filter((t) => t.system === id).map((t) => t.name));
    expect(Object.keys(s.search?.phrasings ?? {}).filter((name) => !names.has(name))).toEqual([]);
  });
});
