import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpSurface } from '../../src/mcp/server.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { connectInMemory } from './connect.js';
import { listEveryTool } from '../helpers/mcp-session.js';

/** Prompts across systems and the completion of their arguments, in both protocol eras. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface PromptMessage {
  content: { type: string; text?: string };
}
interface PromptClient {
  prompts(): Promise<{ prompts: Array<{ name: string; arguments?: Array<{ name: string; required?: boolean }> }> }>;
  get(name: string, args?: Record<string, string>): Promise<{ messages: PromptMessage[] }>;
  complete(prompt: string, argument: string, value: string): Promise<{ completion: { values: string[] } }>;
  tools(): Promise<string[]>;
  close(): Promise<void>;
}

const headersFor = async (toolsets?: string): Promise<Record<string, string>> => ({
  'X-JWT-Token': await server.tokenFor('acme'),
  ...(toolsets ? { 'X-MCP-Toolsets': toolsets } : {}),
});

async function modern(toolsets?: string): Promise<PromptClient> {
  const client = new ModernClient(
    { name: 'prompts-test', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new ModernHttp(new URL(`${server.url}/mcp`), { requestInit: { headers: await headersFor(toolsets) } }),
  );
  return {
    prompts: () => client.listPrompts(),
    get: (name, args) => client.getPrompt({ name, arguments: args }),
    complete: (name, argument, value) =>
      client.complete({ ref: { type: 'ref/prompt', name }, argument: { name: argument, value } }),
    tools: async () => (await listEveryTool(client)).tools.map((t) => t.name),
    close: () => client.close(),
  };
}

async function legacy(toolsets?: string): Promise<PromptClient> {
  const client = new LegacyClient({ name: 'prompts-test', version: '1' });
  await client.connect(
    new LegacyHttp(new URL(`${server.url}/mcp`), { requestInit: { headers: await headersFor(toolsets) } }),
  );
  return {
    prompts: () => client.listPrompts(),
    get: (name, args) => client.getPrompt({ name, arguments: args }),
    complete: (name, argument, value) =>
      client.complete({ ref: { type: 'ref/prompt', name }, argument: { name: argument, value } }),
    tools: async () => (await listEveryTool(client)).tools.map((t) => t.name),
    close: () => client.close(),
  };
}

const textOf = (result: { messages: PromptMessage[] }): string =>
  result.messages.map((m) => m.content.text ?? '').join('\n');
/** The tool names a prompt's text tells the model to call (each written as `name`). */
const calledTools = (text: string): string[] => [...text.matchAll(/call `([a-z_]+)`/g)].map((m) => m[1]);

const ALL_PROMPTS = ['my_day', 'prepare_one_on_one', 'ticket_handover', 'weekly_engineering_report'];

describe.each([
  ['2026-07-28', modern],
  ['2025-11-25', legacy],
] as const)('protocol %s', (_era, connect) => {
  it('lists the prompts across systems, with their arguments', async () => {
    const client = await connect();
    const { prompts } = await client.prompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(ALL_PROMPTS);
    expect(prompts.find((p) => p.name === 'prepare_one_on_one')?.arguments).toContainEqual(
      expect.objectContaining({ name: 'person', required: true }),
    );
    await client.close();
  });

  it('a prompt with arguments tells the model which of this session’s tools to call, with those arguments', async () => {
    const client = await connect();
    const tools = await client.tools();
    const report = textOf(
      await client.get('weekly_engineering_report', { repository: 'acme/api', project: 'API', days: '7' }),
    );
    expect(report).toContain('call `code_host_get_dora_metrics` with {"repo_ids":"acme/api","time_period_days":7}');
    expect(report).toContain('call `ticketing_get_throughput_metrics` with {"project_key":"API","time_period_days":7}');
    const handover = textOf(await client.get('ticket_handover', { ticket: 'API-12', space: 'ENG' }));
    expect(handover).toContain('{"entity_type":"issue","entity_id":"API-12"');
    for (const text of [report, handover, textOf(await client.get('my_day'))]) {
      expect(calledTools(text).length).toBeGreaterThan(2);
      for (const name of calledTools(text)) expect(tools).toContain(name);
    }
    await client.close();
  });

  it('completes repositories, projects, spaces and people from the caller’s own data, by prefix', async () => {
    const client = await connect();
    const repositories = (await client.complete('weekly_engineering_report', 'repository', 'acme/a')).completion;
    expect(repositories.values).toContain('acme/api');
    for (const value of repositories.values) expect(value.startsWith('acme/a')).toBe(true);
    expect((await client.complete('weekly_engineering_report', 'project', '')).completion.values).toEqual(
      expect.arrayContaining(['API', 'MOB']),
    );
    expect((await client.complete('ticket_handover', 'space', 'E')).completion.values).toEqual(['ENG']);
    expect((await client.complete('prepare_one_on_one', 'person', 'karen')).completion.values).toEqual([
      'karenc@acme.test',
    ]);
    await client.close();
  });

  it('refuses a bad argument, a missing one and an unknown prompt with invalid params that say what is wrong', async () => {
    const client = await connect();
    await expect(client.get('weekly_engineering_report', { days: 'many' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('argument "days" must be a whole number of days from 1 to 90, got "many"'),
    });
    await expect(client.get('prepare_one_on_one', {})).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('needs the argument "person"'),
    });
    await expect(client.get('ticket_handover', { tiket: 'API-1' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('has no argument "tiket"; did you mean "ticket"?'),
    });
    await expect(client.get('my-day')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown prompt "my-day"; did you mean "my_day"?'),
    });
    await expect(client.complete('my_day', 'repo', 'a')).rejects.toMatchObject({ code: -32602 });
    await client.close();
  });

  it('offers only the prompts whose systems the session can call', async () => {
    const client = await connect('graph,ticketing');
    expect((await client.prompts()).prompts.map((p) => p.name)).toEqual(['ticket_handover']);
    await expect(client.get('my_day')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('"my_day" is not offered to this session'),
    });
    await client.close();
  });
});

it('in discovery mode a prompt names the meta-tool that runs reads, with the catalog tool and its arguments', async () => {
  const client = await connectInMemory(new McpSurface(server.app, { mode: 'discovery' }), server.callerFor('acme'));
  const text = textOf(await client.getPrompt({ name: 'ticket_handover', arguments: { ticket: 'API-12' } }));
  expect(text).toContain(
    'call `execute_read_tool` with {"name":"ticketing_get_ticket","arguments":{"issue_key":"API-12"}}',
  );
  expect(text).not.toContain('call `ticketing_get_ticket`');
  await client.close();
});
