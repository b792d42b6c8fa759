import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract } from '../../src/graph/ingest/index.js';
import type { ExecutionEvent } from '../../src/toolkit/executor.js';
import { MANIFESTS } from '../../tools/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Every read tool of a system that feeds the graph has a graph reader, and at least one of its own
 * examples, run against the sandbox, yields entities: an extractor cannot silently ingest nothing.
 */
let server: TestServer;
const events: ExecutionEvent[] = [];
beforeAll(async () => {
  server = await startTestServer();
  server.app.executor.addObserver((event) => events.push(event));
});
afterAll(() => server.close());

type Readable = { tools?: string[]; unread?: string[] };
const fed = MANIFESTS.filter((m) => m.extractor);

it('some system feeds the graph', () => expect(fed.length).toBeGreaterThan(0));

describe.each(fed.map((m) => [m.system.id, m] as const))('%s', (_id, manifest) => {
  const readers = new Set((manifest.extractor as Readable).tools ?? []);
  const unread = new Set((manifest.extractor as Readable).unread ?? []);
  const reads = manifest.tools.filter((tool) => tool.capability.type === 'read' && !unread.has(tool.name));

  it('has a graph reader for every read tool it does not declare unread, and readers only for its own tools', () => {
    expect(reads.filter((tool) => !readers.has(tool.name)).map((t) => t.name)).toEqual([]);
    const own = new Set(manifest.tools.map((t) => t.name));
    expect([...readers, ...unread].filter((name) => !own.has(name))).toEqual([]);
    expect([...unread].filter((name) => readers.has(name))).toEqual([]);
  });

  it.each(reads.map((tool) => [tool.name, tool] as const))(
    '%s: an example yields entities of the declared types',
    async (_name, tool) => {
      const yields: Array<{ example: string; entities: number; types: string[] }> = [];
      for (const example of tool.hints.examples) {
        events.length = 0;
        try {
          await server.app.executor.execute(server.callerFor('acme'), tool, example.params);
        } catch {
          continue;
        }
        const event = events.find((e) => e.tool === tool && e.success);
        if (!event?.result) continue;
        // A per-user system's results are read as its caller's, the demo tenant's domain their organisation.
        const { userEmail } = event.caller;
        const viewer = userEmail
          ? { email: userEmail, inOrganization: (a: string) => a.endsWith('@acme.test') }
          : undefined;
        const batch = extract({ [manifest.system.id]: manifest.extractor! }, manifest.system.id, {
          tool: tool.name,
          args: event.args,
          result: event.result,
          viewer,
        });
        const types = [
          ...new Set([...batch.nodes.values()].map((n) => n.type).concat(batch.people.length ? ['user'] : [])),
        ];
        yields.push({ example: example.query, entities: batch.entityCount, types });
      }
      expect(
        yields.some((y) => y.entities > 0),
        `${tool.name}: no example yielded entities`,
      ).toBe(true);
      for (const y of yields)
        for (const type of y.types) expect(manifest.entityTypes, `${tool.name} writes ${type}`).toContain(type);
    },
  );
});
