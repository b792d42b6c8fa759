import { Client, LogLevel } from '@notionhq/client';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { notionFake, type NotionState } from '../../src/sandbox/notion/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { loadOpenApiContract, type OpenApiContract } from '../helpers/openapi-contract.js';

let sandbox: Sandbox;
let contract: OpenApiContract;
const recorded: Array<{ method: string; path: string; status: number; contentType: string | null; body: unknown }> = [];

/** A Notion client whose every exchange is recorded for the contract check. */
function client(token: string = SANDBOX_CREDENTIALS.acme.notion.token): Client {
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const text = await response.clone().text();
    recorded.push({
      method: (init?.method ?? 'GET').toLowerCase(),
      path: url.pathname.replace(/^\/notion/, ''),
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
    return response;
  };
  return new Client({
    auth: token,
    baseUrl: sandbox.urlOf('/notion'),
    fetch: recording,
    retry: false,
    logLevel: LogLevel.ERROR,
    logger: () => undefined,
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: 'count' }, [notionFake]);
  contract = loadOpenApiContract(fileURLToPath(new URL('../contracts/notion-openapi.json', import.meta.url)));
});
afterAll(() => sandbox.close());

const state = (): NotionState => sandbox.state<NotionState>('/notion', 'acme');

describe('the Notion fake against Notion’s OpenAPI description (2025-09-03)', () => {
  it('answers every endpoint the notes tools use in the documented shapes', async () => {
    const notion = client();
    const tasks = [...state().dataSources.values()].find((s) => s.title === 'Engineering Tasks');
    const handbook = [...state().pages.values()].find((p) => p.parent.type === 'workspace');
    if (!tasks || !handbook) throw new Error('seed lacks the tasks database or the handbook');
    await notion.users.me({});
    await notion.users.list({ page_size: 3 });
    await notion.users.retrieve({ user_id: state().users[0].id });
    await notion.search({ query: 'handbook', filter: { property: 'object', value: 'page' } });
    await notion.search({ filter: { property: 'object', value: 'data_source' } });
    await notion.databases.retrieve({ database_id: tasks.databaseId });
    await notion.dataSources.retrieve({ data_source_id: tasks.id });
    await notion.dataSources.query({
      data_source_id: tasks.id,
      filter: { property: 'Status', select: { equals: 'Done' } },
      sorts: [{ property: 'Estimate', direction: 'descending' }],
      page_size: 5,
    });
    await notion.pages.retrieve({ page_id: handbook.id });
    const created = await notion.pages.create({
      parent: { type: 'data_source_id', data_source_id: tasks.id },
      properties: { Name: { title: [{ text: { content: 'Contract row' } }] } },
    });
    await notion.pages.update({ page_id: created.id, properties: { Done: { checkbox: true } } });
    const children = await notion.blocks.children.list({ block_id: handbook.id, page_size: 10 });
    await notion.blocks.retrieve({ block_id: children.results[0].id });
    await notion.blocks.children.append({
      block_id: created.id,
      children: [
        {
          object: 'block',
          type: 'paragraph',
          paragraph: { rich_text: [{ type: 'text', text: { content: 'hello' } }] },
        },
      ],
    });
    const problems = recorded.flatMap((response) =>
      contract.check(response).map((p) => `${response.method} ${response.path} ${response.status}: ${p}`),
    );
    expect(recorded.length).toBe(14);
    expect(problems).toEqual([]);
  });

  it('serves comments, block updates and top-level pages in the documented shapes, with Notion’s errors', async () => {
    const notion = client();
    const handbook = [...state().pages.values()].find((p) => p.parent.type === 'workspace');
    if (!handbook) throw new Error('seed lacks the handbook');
    const from = recorded.length;
    const seeded = await notion.comments.list({ block_id: handbook.id, page_size: 1 });
    expect(seeded.results).toHaveLength(1);
    expect(seeded.has_more).toBe(true);
    const thread = seeded.results[0].discussion_id;
    const reply = await notion.comments.create({ discussion_id: thread, rich_text: [{ text: { content: 'Agreed' } }] });
    expect(reply).toMatchObject({
      object: 'comment',
      discussion_id: thread,
      parent: { type: 'page_id', page_id: handbook.id },
    });
    const started = await notion.comments.create({
      parent: { page_id: handbook.id },
      rich_text: [{ text: { content: 'New thread' } }],
    });
    expect((started as { discussion_id: string }).discussion_id).not.toBe(thread);
    const all = await notion.comments.list({ block_id: handbook.id });
    expect(all.results.map((c) => c.id).slice(-2)).toEqual([reply.id, started.id]);
    const folder = await notion.pages.create({
      parent: { workspace: true },
      properties: { title: { title: [{ text: { content: 'Team space' } }] } },
    });
    expect((folder as { parent: unknown }).parent).toEqual({ type: 'workspace', workspace: true });
    const paragraph = await notion.blocks.children.append({
      block_id: folder.id,
      children: [
        {
          object: 'block',
          type: 'paragraph',
          paragraph: { rich_text: [{ type: 'text', text: { content: 'draft' } }] },
        },
      ],
    });
    const edited = await notion.blocks.update({
      block_id: paragraph.results[0].id,
      paragraph: { rich_text: [{ type: 'text', text: { content: 'final' } }] },
    });
    expect(
      (edited as { paragraph: { rich_text: Array<{ plain_text: string }> } }).paragraph.rich_text[0].plain_text,
    ).toBe('final');
    const problems = recorded
      .slice(from)
      .flatMap((response) =>
        contract.check(response).map((p) => `${response.method} ${response.path} ${response.status}: ${p}`),
      );
    expect(problems).toEqual([]);

    const refusals = [
      notion.comments.list({ block_id: '00000000-0000-4000-a000-000000000000' }),
      notion.comments.create({
        discussion_id: '00000000-0000-4000-a000-000000000000',
        rich_text: [{ text: { content: 'x' } }],
      }),
      notion.comments.create({ parent: { page_id: handbook.id }, rich_text: [] }),
      notion.blocks.update({ block_id: paragraph.results[0].id, to_do: { checked: true } }),
    ];
    const answers = await Promise.allSettled(refusals);
    expect(
      answers.map((a) => (a.status === 'rejected' ? (a.reason as { status: number; code: string }).status : 200)),
    ).toEqual([404, 404, 400, 400]);
    expect(state().comments.filter((c) => c.parentId === handbook.id)).toHaveLength(all.results.length);
  });

  it('every page object, property values included, matches the SDK’s GetPageResponse schema', async () => {
    const schema = JSON.parse(
      readFileSync(fileURLToPath(new URL('../contracts/notion-GetPageResponse.schema.json', import.meta.url)), 'utf8'),
    ) as Record<string, unknown>;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const notion = client();
    const problems: string[] = [];
    for (const page of [...state().pages.values()].slice(0, 30)) {
      const body = await notion.pages.retrieve({ page_id: page.id });
      if (!validate(body))
        problems.push(
          `${page.id}: ${JSON.stringify(validate.errors?.filter((e) => e.instancePath !== '').slice(0, 3))}`,
        );
    }
    expect(problems).toEqual([]);
  });

  it('pages lists with start_cursor and refuses a cursor it did not issue', async () => {
    const notion = client();
    const tasks = [...state().dataSources.values()].find((s) => s.title === 'Engineering Tasks');
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await notion.dataSources.query({
        data_source_id: tasks?.id ?? '',
        start_cursor: cursor,
        page_size: 7,
      });
      ids.push(...page.results.map((r) => r.id));
      cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
    } while (cursor);
    const rows = [...state().pages.values()].filter(
      (p) => p.parent.type === 'data_source_id' && p.parent.data_source_id === tasks?.id && !p.inTrash,
    );
    expect(ids.sort()).toEqual(rows.map((p) => p.id).sort());
    const tampered = await fetch(`${sandbox.urlOf('/notion')}/v1/users?start_cursor=forged`, {
      headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.acme.notion.token}`, 'notion-version': '2025-09-03' },
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ object: 'error', status: 400, code: 'validation_error' });
  });

  it('answers in Notion’s error shape: bad token, missing version, unknown object, wrong filter type, rate limit', async () => {
    const call = (path: string, init: RequestInit = {}, token: string = SANDBOX_CREDENTIALS.acme.notion.token) =>
      fetch(`${sandbox.urlOf('/notion')}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          'notion-version': '2025-09-03',
          'content-type': 'application/json',
          ...init.headers,
        },
      });
    const badToken = await call('/v1/users/me', {}, 'ntn_wrong');
    expect([badToken.status, await badToken.json()]).toEqual([
      401,
      { object: 'error', status: 401, code: 'unauthorized', message: 'API token is invalid.' },
    ]);
    const noVersion = await fetch(`${sandbox.urlOf('/notion')}/v1/users/me`, {
      headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.acme.notion.token}` },
    });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({ code: 'missing_version' });
    const missing = await call('/v1/pages/00000000-0000-4000-a000-000000000000');
    expect([missing.status, ((await missing.json()) as { code: string }).code]).toEqual([404, 'object_not_found']);
    const tasks = [...state().dataSources.values()].find((s) => s.title === 'Engineering Tasks');
    const wrongType = await call(`/v1/data_sources/${tasks?.id}/query`, {
      method: 'POST',
      body: JSON.stringify({ filter: { property: 'Estimate', select: { equals: 'x' } } }),
    });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toEqual({
      object: 'error',
      status: 400,
      code: 'validation_error',
      message: 'database property number does not match filter select',
    });
    const query = (filter: unknown) =>
      call(`/v1/data_sources/${tasks?.id}/query`, { method: 'POST', body: JSON.stringify({ filter }) }).then((r) =>
        r.json(),
      );
    expect(
      await query({
        and: [
          { property: 'Done', checkbox: { equals: true } },
          { property: 'Estimate', number: { greater_than: 'three' } },
        ],
      }),
    ).toMatchObject({
      status: 400,
      code: 'validation_error',
      message:
        'body failed validation: body.filter.and[1].number.greater_than should be a number, instead was `"three"`.',
    });
    expect(await query({ property: 'Priority', select: { equals: 'High' } })).toMatchObject({
      status: 400,
      message: 'Could not find property with name or id: Priority',
    });
    expect(await query({ property: 'Tags', multi_select: { equals: 'bug' } })).toMatchObject({
      message: 'body failed validation: body.filter.multi_select.equals should be not present, instead was `"bug"`.',
    });
    expect(await query({ property: 'Due', date: { before: 'next week' } })).toMatchObject({
      message: expect.stringContaining('should be a valid ISO 8601 date string'),
    });
    const wrongValue = await call('/v1/pages', {
      method: 'POST',
      body: JSON.stringify({
        parent: { data_source_id: tasks?.id },
        properties: { Name: { title: [{ text: { content: 'x' } }] }, Done: { checkbox: 'yes' } },
      }),
    });
    expect(await wrongValue.json()).toMatchObject({ status: 400, message: 'Done is expected to be checkbox.' });
    sandbox.faults.add({ prefix: '/notion', status: 429, times: 1 });
    const limited = await call('/v1/users/me');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
    expect(await limited.json()).toMatchObject({ object: 'error', code: 'rate_limited' });
  });

  it('keeps workspaces apart', async () => {
    const acmePage = [...state().pages.values()][0];
    await expect(
      client(SANDBOX_CREDENTIALS.globex.notion.token).pages.retrieve({ page_id: acmePage.id }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('checks a whole append before storing any of it, within Notion’s limits, and takes user mentions', async () => {
    const notion = client();
    const page = [...state().pages.values()].find((p) => p.parent.type === 'workspace');
    if (!page) throw new Error('no workspace page');
    const before = state().children.get(page.id)?.length ?? 0;
    const paragraph = (content: string) => ({
      type: 'paragraph' as const,
      paragraph: { rich_text: [{ type: 'text' as const, text: { content } }] },
    });
    const refusal = (children: unknown[]) =>
      notion.blocks.children.append({ block_id: page.id, children: children as never }).then(
        () => undefined,
        (e: { status: number; code: string; message: string }) => ({
          status: e.status,
          code: e.code,
          message: e.message,
        }),
      );
    expect(await refusal([paragraph('kept?'), paragraph('x'.repeat(2001))])).toEqual({
      status: 400,
      code: 'validation_error',
      message: 'body.children[1].paragraph.rich_text[0].text.content.length should be ≤ 2000, instead was 2001.',
    });
    const wide = Array.from({ length: 100 }, () => ({
      type: 'bulleted_list_item',
      bulleted_list_item: { rich_text: [], children: Array.from({ length: 10 }, () => paragraph('row')) },
    }));
    expect(await refusal(wide)).toMatchObject({ status: 400, message: expect.stringContaining('at most 1000 blocks') });
    expect(
      await refusal([{ type: 'table', table: { table_width: 2, has_column_header: true, has_row_header: false } }]),
    ).toMatchObject({
      status: 400,
      message: expect.stringContaining('body.children[0].table.children should be defined'),
    });
    expect(state().children.get(page.id)?.length ?? 0).toBe(before);

    const someone = state().users[2];
    const added = await notion.blocks.children.append({
      block_id: page.id,
      children: [
        {
          type: 'paragraph',
          paragraph: {
            rich_text: [
              { type: 'text', text: { content: 'Ask ' } },
              { type: 'mention', mention: { user: { id: someone.id } } },
            ],
          },
        },
      ],
    });
    expect(added.results).toHaveLength(1);
    const stored = state().blocks.get(added.results[0].id);
    expect((stored?.content.rich_text as Array<{ plain_text: string }>).map((r) => r.plain_text).join('')).toBe(
      `Ask @${someone.name}`,
    );
  });
});
