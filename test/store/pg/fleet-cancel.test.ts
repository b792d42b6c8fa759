import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MANIFESTS } from '../../../tools/index.js';
import { startFleet, type Fleet } from '../../helpers/fleet-nodes.js';
import type { TestServer } from '../../helpers/server.js';
import { slowCountSystem } from '../../helpers/slow-count-system.js';
import { WatchedWork } from '../../helpers/watched-work.js';

/** Tasks and legacy calls started on one node and cancelled or awaited through another. */
const work = new WatchedWork();
const { manifest: fleetSystem, steps: stepsTaken } = slowCountSystem('fleet_check', work);

let fleet: Fleet;
let nodeA: TestServer;
let nodeB: TestServer;
let token: string;
beforeAll(async () => {
  fleet = await startFleet(2, { manifests: [...MANIFESTS, fleetSystem], mcp: { mode: 'full' } });
  [nodeA, nodeB] = fleet.nodes;
  token = await nodeA.app.tokens.issue({ tenant_id: 'acme', user_email: 'ada@acme.test', connections: {} });
});
afterAll(() => fleet?.close());

async function connect(node: TestServer): Promise<Client> {
  const client = new Client({ name: 'fleet-test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${node.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': token } },
    }),
  );
  return client;
}

const TaskSchema = z.object({ taskId: z.string(), status: z.string() });
const startTask = (client: Client, to: number) =>
  client.request(
    { method: 'tools/call', params: { name: 'fleet_check_count_slowly', arguments: { to }, task: { ttl: 60_000 } } },
    CreateTaskResultSchema,
  );

/** One JSON-RPC message posted to a node as a 2025-11-25 client posts it (no session: the server is stateless). */
const post = (node: TestServer, message: Record<string, unknown>) =>
  fetch(`${node.url}/mcp`, {
    method: 'POST',
    headers: {
      'X-JWT-Token': token,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });

describe('work on node A, cancelled or awaited through node B', () => {
  it('a task created on A and cancelled through B stops on A, and says cancelled on both', async () => {
    const [onA, onB] = [await connect(nodeA), await connect(nodeB)];
    const run = work.nextRun();
    work.hold();
    const { task } = await startTask(onA, 50);
    await run.started;
    const stepsThen = stepsTaken();

    const cancelled = await onB.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, TaskSchema);
    expect(cancelled.status).toBe('cancelled');
    // The work on A hears of it (its signal aborts) and ends without another step.
    await run.aborted;
    await run.settled;
    work.release();
    expect(stepsTaken()).toBe(stepsThen);
    for (const client of [onA, onB])
      expect(await client.request({ method: 'tasks/get', params: { taskId: task.taskId } }, TaskSchema)).toMatchObject({
        status: 'cancelled',
      });
    await Promise.all([onA.close(), onB.close()]);
  });

  it('a result awaited through B answers once the task finishes on A', async () => {
    const [onA, onB] = [await connect(nodeA), await connect(nodeB)];
    const run = work.nextRun();
    work.hold();
    const { task } = await startTask(onA, 2);
    await run.started;
    const result = onB.request({ method: 'tasks/result', params: { taskId: task.taskId } }, CallToolResultSchema);
    work.release();
    expect((await result).structuredContent).toEqual({ counted: 2 });
    await Promise.all([onA.close(), onB.close()]);
  });

  it('a legacy call on A is aborted by the notifications/cancelled its client posts to B', async () => {
    const run = work.nextRun();
    work.hold();
    const call = post(nodeA, {
      id: 'count-41',
      method: 'tools/call',
      params: { name: 'fleet_check_count_slowly', arguments: { to: 50 } },
    });
    await run.started;
    const stepsThen = stepsTaken();
    const cancel = await post(nodeB, {
      method: 'notifications/cancelled',
      params: { requestId: 'count-41', reason: 'changed my mind' },
    });
    expect(cancel.status).toBe(202);
    await run.aborted;
    await run.settled;
    work.release();
    expect(stepsTaken()).toBe(stepsThen);
    await (await call).text();
  });
});
