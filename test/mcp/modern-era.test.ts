import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_POLICY } from '../../src/governance/policy-hooks.js';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { MANIFESTS } from '../../tools/index.js';
import { builtStdioCommand } from '../helpers/cli.js';
import { consentCheckSystem } from '../helpers/consent-check.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { DISCOVERY_TOOL_NAMES } from '../helpers/mcp-session.js';

/**
 * The 2026-07-28 protocol (stateless, per-request envelope, input_required) served natively, beside
 * the 2025-era clients the rest of test/mcp drives: the same catalog and guarantees in both eras.
 */
const MODERN = { versionNegotiation: { mode: { pin: '2026-07-28' as const } } };
const AUTH_URL = 'https://constellation.example.test/oauth/suite/authorize?tenant_id=acme';

/** Notes the destructive tool below removes. */
const notes = new Set<string>();
const forgetNote = defineTool({
  system: 'consent_check',
  name: 'forget_note',
  description: 'Removes a note for good.',
  capability: { type: 'action', name: 'consent_check.notes.forget', idempotent: true, destructive: true },
  input: z.object({ key: z.string().describe('The note') }),
  output: z.object({ forgotten: z.boolean().describe('Whether it was there') }),
  hints: {
    aliases: ['forget'],
    when_to_use: 'Forget a note.',
    not_for: 'Anything else.',
    examples: [{ query: 'forget a', tool: 'forget_note', params: { key: 'a' } }],
  },
  verify: () => undefined,
  async run({ args }) {
    return { forgotten: notes.delete(args.key) };
  },
});

const { manifest: consentSystem, consented } = consentCheckSystem(AUTH_URL, [forgetNote]);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ manifests: [...MANIFESTS, consentSystem], governancePolicy: DEFAULT_POLICY });
});
afterAll(() => server.close());

async function modernClient(token: string, options: ConstructorParameters<typeof Client>[1] = {}): Promise<Client> {
  const client = new Client({ name: 'modern-era-test', version: '1.0.0' }, { ...MODERN, ...options });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': token } },
    }),
  );
  return client;
}

const repositoriesOf = (result: { structuredContent?: unknown }) =>
  (
    ((result.structuredContent as { repositories?: unknown } | undefined)?.repositories ?? []) as Array<{
      full_name: string;
    }>
  ).map((r) => r.full_name);

describe('a 2026-07-28 client over streamable HTTP', () => {
  it('lists the catalog and calls a tool, acting as its token’s tenant only', async () => {
    const acme = await modernClient(await server.tokenFor('acme'));
    const globex = await modernClient(await server.tokenFor('globex'));
    const { tools } = await acme.listTools();
    expect(tools.map((t) => t.name)).toContain('code_host_get_repositories');
    const listed = tools.find((t) => t.name === 'code_host_get_repositories');
    expect(listed?.outputSchema).toBeDefined();
    expect(listed?.annotations).toMatchObject({ readOnlyHint: true });

    const mine = await acme.callTool({ name: 'code_host_get_repositories', arguments: {} });
    const theirs = await globex.callTool({ name: 'code_host_get_repositories', arguments: {} });
    expect(repositoriesOf(mine).length).toBeGreaterThan(0);
    expect(repositoriesOf(mine).every((name) => name.startsWith('acme/'))).toBe(true);
    expect(repositoriesOf(theirs).every((name) => name.startsWith('globex/'))).toBe(true);
    await acme.close();
    await globex.close();
  });

  it('answers a failed call with an isError result the agent can read', async () => {
    const client = await modernClient(await server.tokenFor('acme'));
    const result = await client.callTool({
      name: 'code_host_get_repository',
      arguments: { repo_id: 'acme/no-such-repo' },
    });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ text: string }>)[0].text;
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    await client.close();
  });

  it('refuses a request without a valid token before the protocol starts', async () => {
    const client = new Client({ name: 'modern-era-test', version: '1.0.0' }, MODERN);
    const connected = client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': 'not-a-jwt' } },
      }),
    );
    await expect(connected).rejects.toThrow();
  });

  it('a consent the tool needs is asked for with input_required; once the user is done, the retried call succeeds', async () => {
    consented.clear();
    const token = await server.tokenFor('acme');
    const email = server.callerFor('acme').userEmail as string;
    const client = await modernClient(token, { capabilities: { elicitation: { url: {} } } });
    const asked: Array<{ mode?: string; url?: string; message?: string }> = [];
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push(request.params);
      consented.add(email); // the user opens the link and consents
      return { action: 'accept' };
    });
    const result = await client.callTool({ name: 'consent_check_get_agenda', arguments: {} });
    expect(asked).toEqual([
      expect.objectContaining({ mode: 'url', url: AUTH_URL, message: 'Authorize Google to continue' }),
    ]);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ events: ['Standup'] });
    await client.close();
  });

  it('a client that cannot open a URL gets the link in an isError result', async () => {
    consented.clear();
    const client = await modernClient(await server.tokenFor('acme'));
    const result = await client.callTool({ name: 'consent_check_get_agenda', arguments: {} });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ text: string }>)[0].text;
    expect(JSON.parse(text)).toMatchObject({
      error: { code: 'AUTHORIZATION_REQUIRED', details: { auth_url: AUTH_URL } },
    });
    await client.close();
  });
});

describe('a destructive action asks the user first when the client can show a form', () => {
  const withAnswer = async (answer: { action: 'accept' | 'decline'; content?: Record<string, boolean> }) => {
    const client = await modernClient(await server.tokenFor('acme'), { capabilities: { elicitation: { form: {} } } });
    const questions: string[] = [];
    client.setRequestHandler('elicitation/create', (request) => {
      questions.push(String((request.params as { message?: string }).message));
      return answer;
    });
    return { client, questions };
  };

  it('runs once the user says yes', async () => {
    notes.add('draft');
    const { client, questions } = await withAnswer({ action: 'accept', content: { confirm: true } });
    const result = await client.callTool({ name: 'consent_check_forget_note', arguments: { key: 'draft' } });
    expect(questions).toEqual([expect.stringContaining('Go ahead?')]);
    expect(result.structuredContent).toEqual({ forgotten: true });
    expect(notes.has('draft')).toBe(false);
    await client.close();
  });

  it('changes nothing when the user says no', async () => {
    notes.add('keep');
    const { client, questions } = await withAnswer({ action: 'decline' });
    const result = await client.callTool({ name: 'consent_check_forget_note', arguments: { key: 'keep' } });
    expect(questions).toHaveLength(1);
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content as Array<{ text: string }>)[0].text)).toMatchObject({
      error: { code: 'FORBIDDEN' },
    });
    expect(notes.has('keep')).toBe(true);
    await client.close();
  });

  it('a client that cannot ask is refused with a link where the person confirms, and nothing changes', async () => {
    notes.add('plain');
    const client = await modernClient(await server.tokenFor('acme'));
    const result = await client.callTool({ name: 'consent_check_forget_note', arguments: { key: 'plain' } });
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content as Array<{ text: string }>)[0].text)).toMatchObject({
      error: {
        code: 'CONFIRMATION_REQUIRED',
        details: { confirmation_url: expect.stringContaining('/confirmations/') },
      },
    });
    expect(notes.has('plain')).toBe(true);
    await client.close();
  });
});

describe('a 2026-07-28 client over stdio (spawned bin/constellation.js)', () => {
  it('lists and calls tools in discovery mode', async () => {
    const client = new Client({ name: 'modern-era-test', version: '1.0.0' }, MODERN);
    await client.connect(
      new StdioClientTransport({
        ...(await builtStdioCommand(['mcp', '--demo', '--tool-mode', 'discovery'], { LOG_LEVEL: 'warn' })),
        stderr: 'ignore',
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(DISCOVERY_TOOL_NAMES);
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'list repositories' } });
    expect(JSON.stringify(found.structuredContent)).toContain('code_host_get_repositories');
    const executed = await client.callTool({
      name: 'execute_read_tool',
      arguments: { name: 'code_host_get_repositories', arguments: {} },
    });
    expect(executed.isError).toBeFalsy();
    expect(repositoriesOf(executed).length).toBeGreaterThan(0);
    await client.close();
  });
});
