import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { MANIFESTS } from '../../tools/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { WatchedWork } from '../helpers/watched-work.js';

/**
 * Long calls over MCP, in both protocol eras: a client that sends a progress token hears the call
 * advance, and a client that cancels (or goes away) stops the work, upstream requests included.
 */
const SOURCES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];

const work = new WatchedWork();
/** Sources the slow tool has finished reading. */
let finished: string[] = [];

const surveyAll = defineTool({
  system: 'long_check',
  name: 'survey_sources',
  description: 'Reads every source one after another, slowly, and counts them.',
  capability: { type: 'read', name: 'long_check.survey' },
  input: z.object({}),
  output: z.object({ covered: z.number().describe('Sources read') }),
  hints: {
    aliases: ['survey'],
    when_to_use: 'Survey.',
    not_for: 'Anything else.',
    examples: [{ query: 'survey', tool: 'survey_sources', params: {} }],
  },
  run: ({ fanOut, signal }) =>
    work.track(signal, async () => {
      const outcome = await fanOut(
        SOURCES,
        async (source) => {
          await work.step(signal);
          finished.push(source);
        },
        { concurrency: 1, label: (source) => source },
      );
      return { covered: outcome.results.length };
    }),
});

const longSystem: SystemManifest = {
  system: {
    id: 'long_check',
    name: 'Long check',
    description: 'A system whose tool takes a while.',
    keywords: ['survey'],
    when_to_use: 'Survey.',
  },
  tools: [surveyAll],
  integrations: [],
};

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ manifests: [...MANIFESTS, longSystem] });
  token = await server.tokenFor('acme');
});
afterAll(() => server.close());

interface ProgressNote {
  progress: number;
  total?: number;
  message?: string;
}

interface CallOptions {
  onprogress?: (note: ProgressNote) => void;
  signal?: AbortSignal;
}

/** One client of either era, calling the slow tool. */
interface Connected {
  survey(options?: CallOptions): Promise<{ structuredContent?: unknown }>;
  close(): Promise<void>;
}

const SURVEY = { name: 'long_check_survey_sources', arguments: {} };

async function modern(): Promise<Connected> {
  const client = new ModernClient(
    { name: 'progress-test', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new ModernHttp(new URL(`${server.url}/mcp`), { requestInit: { headers: { 'X-JWT-Token': token } } }),
  );
  return { survey: (options) => client.callTool(SURVEY, options), close: () => client.close() };
}

async function legacy(): Promise<Connected> {
  const client = new LegacyClient({ name: 'progress-test', version: '1' });
  await client.connect(
    new LegacyHttp(new URL(`${server.url}/mcp`), { requestInit: { headers: { 'X-JWT-Token': token } } }),
  );
  // The v1 client's result type also admits the 2024 `toolResult` form, which a 2025 server never sends.
  return {
    survey: (options) => client.callTool(SURVEY, undefined, options) as Promise<{ structuredContent?: unknown }>,
    close: () => client.close(),
  };
}

const EVERY_ERA = [
  ['2026-07-28', modern],
  ['2025-11-25', legacy],
] as const;

describe.each(EVERY_ERA)('over streamable HTTP, protocol %s', (_era, connect) => {
  it('a client that sends a progress token hears the call advance, up to its end', async () => {
    finished = [];
    const client = await connect();
    const notes: ProgressNote[] = [];
    const result = await client.survey({ onprogress: (note) => notes.push(note) });
    expect(result.structuredContent).toEqual({ covered: SOURCES.length });
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.at(-1)).toMatchObject({ progress: SOURCES.length, total: SOURCES.length });
    const steps = notes.map((n) => n.progress);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    await client.close();
  });

  it('a client that cancels stops the work before it is done', async () => {
    finished = [];
    const client = await connect();
    const controller = new AbortController();
    const run = work.nextRun();
    work.hold();
    const call = client.survey({ signal: controller.signal });
    await run.started;
    controller.abort('changed my mind');
    await expect(call).rejects.toThrow();
    // The server hears of it and stops: no further source is read.
    await run.aborted;
    const readWhenCancelled = finished.length;
    await run.settled;
    work.release();
    expect(finished.length).toBe(readWhenCancelled);
    expect(readWhenCancelled).toBeLessThan(SOURCES.length);
    await client.close();
  });
});
