import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MANIFESTS } from '../../tools/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { slowCountSystem } from '../helpers/slow-count-system.js';
import { WatchedWork } from '../helpers/watched-work.js';
import { listEveryTool } from '../helpers/mcp-session.js';

/** Tool calls as tasks for 2025-11-25 clients: created at once, followed, listed, cancelled, scoped to their owner. */
const work = new WatchedWork();
const { manifest: taskSystem, steps: stepsTaken } = slowCountSystem('task_check', work);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ manifests: [...MANIFESTS, taskSystem], mcp: { mode: 'full' } });
});
afterAll(() => server.close());

async function connect(workspace: 'acme' | 'globex', email?: string): Promise<Client> {
  const token = await server.app.tokens.issue({
    tenant_id: workspace,
    user_email: email ?? `${workspace}-user@${workspace}.test`,
    connections: {},
  });
  const client = new Client({ name: 'tasks-test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': token } },
    }),
  );
  return client;
}

const TaskSchema = z.object({
  taskId: z.string(),
  status: z.string(),
  ttl: z.number(),
  pollInterval: z.number(),
  createdAt: z.string(),
  statusMessage: z.string().optional(),
});
const startTask = (client: Client, to: number, ttl = 60_000) =>
  client.request(
    { method: 'tools/call', params: { name: 'task_check_count_slowly', arguments: { to }, task: { ttl } } },
    CreateTaskResultSchema,
  );
const getTask = (client: Client, taskId: string) =>
  client.request({ method: 'tasks/get', params: { taskId } }, TaskSchema);
const taskResult = (client: Client, taskId: string) =>
  client.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema);

describe('tool calls as tasks (protocol 2025-11-25 over HTTP)', () => {
  it('says so: the tasks capability, and which tools may run as tasks', async () => {
    const client = await connect('acme');
    expect(client.getServerCapabilities()?.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const tools = (await listEveryTool(client)).tools as Array<{ name: string; execution?: { taskSupport?: string } }>;
    expect(tools.find((t) => t.name === 'task_check_count_slowly')?.execution).toEqual({ taskSupport: 'optional' });
    expect(tools.find((t) => t.name === 'documents_delete_document')?.execution).toEqual({ taskSupport: 'forbidden' });
    await client.close();
  });

  it('a task-augmented call answers at once with a working task; the result waits for the work', async () => {
    const client = await connect('acme');
    work.hold();
    const { task } = await startTask(client, 3, 120_000);
    expect(task).toMatchObject({ status: 'working', ttl: 120_000, pollInterval: 500 });
    expect((await getTask(client, task.taskId)).status).toBe('working');
    work.release();
    const result = await taskResult(client, task.taskId);
    expect(result.structuredContent).toEqual({ counted: 3 });
    expect(result._meta?.['io.modelcontextprotocol/related-task']).toEqual({ taskId: task.taskId });
    expect((await getTask(client, task.taskId)).status).toBe('completed');
    const listed = await client.request({ method: 'tasks/list', params: {} }, z.object({ tasks: z.array(TaskSchema) }));
    expect(listed.tasks.map((t) => t.taskId)).toContain(task.taskId);
    await client.close();
  });

  it('cancelling stops the work, and the task says cancelled', async () => {
    const client = await connect('acme');
    const run = work.nextRun();
    work.hold();
    const { task } = await startTask(client, 50);
    await run.started;
    const stepsThen = stepsTaken();
    const cancelled = await client.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, TaskSchema);
    expect(cancelled.status).toBe('cancelled');
    // The work hears of it (its signal aborts) and ends without another step.
    await run.aborted;
    await run.settled;
    work.release();
    expect(stepsTaken()).toBe(stepsThen);
    expect((await taskResult(client, task.taskId)).isError).toBe(true);
    await expect(
      client.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, TaskSchema),
    ).rejects.toMatchObject({ code: -32602 });
    await client.close();
  });

  it('a failed call is a failed task whose result is the error', async () => {
    const client = await connect('acme');
    const created = await client.request(
      {
        method: 'tools/call',
        params: { name: 'documents_get_document', arguments: { document_id: 'nope' }, task: {} },
      },
      CreateTaskResultSchema,
    );
    const result = await taskResult(client, created.task.taskId);
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await getTask(client, created.task.taskId)).toMatchObject({
      status: 'failed',
      statusMessage: 'Document not found: nope',
    });
    await client.close();
  });

  it('a task belongs to its user: another user or tenant can neither see nor cancel it', async () => {
    const owner = await connect('acme');
    const { task } = await startTask(owner, 2);
    for (const other of [await connect('acme', 'someone-else@acme.test'), await connect('globex')]) {
      await expect(getTask(other, task.taskId)).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('Task not found'),
      });
      await expect(
        other.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, TaskSchema),
      ).rejects.toMatchObject({ code: -32602 });
      const listed = await other.request(
        { method: 'tasks/list', params: {} },
        z.object({ tasks: z.array(TaskSchema) }),
      );
      expect(listed.tasks.map((t) => t.taskId)).not.toContain(task.taskId);
      await other.close();
    }
    expect((await taskResult(owner, task.taskId)).structuredContent).toEqual({ counted: 2 });
    await owner.close();
  });

  it('refuses to run a destructive tool as a task', async () => {
    const client = await connect('acme');
    await expect(
      client.request(
        {
          method: 'tools/call',
          params: { name: 'documents_delete_document', arguments: { document_id: 'x' }, task: {} },
        },
        CreateTaskResultSchema,
      ),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('runs only as a plain call') });
    await client.close();
  });
});
