import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CANCEL_CHANNEL } from '../../../src/mcp/cancel-bus-pg.js';
import { MANIFESTS } from '../../../tools/index.js';
import { startFleet, type Fleet } from '../../helpers/fleet-nodes.js';
import type { TestServer } from '../../helpers/server.js';
import { slowCountSystem } from '../../helpers/slow-count-system.js';
import { WatchedWork } from '../../helpers/watched-work.js';

/** A task cancelled through node B while node A's listening connection is down stops on A once A listens again. */
const work = new WatchedWork();
const { manifest: fleetSystem, steps: stepsTaken } = slowCountSystem('reconnect_check', work);

/** While closed, no node's cancel bus listens again after its connection dropped. */
let reconnects: Promise<void> = Promise.resolve();

let fleet: Fleet;
let nodeA: TestServer;
let nodeB: TestServer;
let token: string;
beforeAll(async () => {
  fleet = await startFleet(2, {
    manifests: [...MANIFESTS, fleetSystem],
    mcp: { mode: 'full' },
    cancelBus: { beforeReconnect: () => reconnects },
  });
  [nodeA, nodeB] = fleet.nodes;
  token = await nodeA.app.tokens.issue({ tenant_id: 'acme', user_email: 'ada@acme.test', connections: {} });
});
afterAll(() => fleet?.close());

async function connect(node: TestServer): Promise<Client> {
  const client = new Client({ name: 'reconnect-test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${node.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': token } },
    }),
  );
  return client;
}

/** Ends every node's listening session and waits until they are gone: notices sent from now on reach nobody. */
async function dropListeningSessions(): Promise<number> {
  const { rows } = await fleet.admin.query<{ ended: boolean }>(
    'SELECT pg_terminate_backend(pid, 10000) AS ended FROM pg_stat_activity WHERE datname = current_database() AND query = $1',
    [`LISTEN ${CANCEL_CHANNEL}`],
  );
  return rows.filter((row) => row.ended).length;
}

const TaskSchema = z.object({ taskId: z.string(), status: z.string() });

describe('the cancel bus listening again', () => {
  it('stops a task that was cancelled from another node while this node was not listening', async () => {
    const [onA, onB] = [await connect(nodeA), await connect(nodeB)];
    const run = work.nextRun();
    work.hold();
    const { task } = await onA.request(
      {
        method: 'tools/call',
        params: { name: 'reconnect_check_count_slowly', arguments: { to: 50 }, task: { ttl: 60_000 } },
      },
      CreateTaskResultSchema,
    );
    await run.started;
    const stepsThen = stepsTaken();

    let reopen!: () => void;
    reconnects = new Promise((resolve) => (reopen = resolve));
    expect(await dropListeningSessions()).toBe(2);
    const cancelled = await onB.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, TaskSchema);
    expect(cancelled.status).toBe('cancelled');

    // Node A listens again, reads its running task's status, and the work stops without another step.
    reopen();
    await run.aborted;
    await run.settled;
    work.release();
    expect(stepsTaken()).toBe(stepsThen);
    expect(await onA.request({ method: 'tasks/get', params: { taskId: task.taskId } }, TaskSchema)).toMatchObject({
      status: 'cancelled',
    });
    await Promise.all([onA.close(), onB.close()]);
  });
});
