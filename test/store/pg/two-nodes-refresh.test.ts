import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/config/logger.js';
import { SANDBOX_EPOCH } from '../../../src/sandbox/server.js';
import { HOUR, ManualClock } from '../../helpers/clock.js';
import { addSecondNode, type FleetOfApps } from '../../helpers/fleet-lane.js';
import { rawRequest, startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * Two nodes refreshing one expired grant. In-process (two apps over one PostgreSQL database and one
 * sandbox, behind the round-robin proxy: the fleet lane's pair) rather than two `serve` processes: a
 * Google grant to refresh needs the sandbox's consents, which demo mode makes, and a clock the test can
 * move past the access token's hour.
 */
const clock = new ManualClock(SANDBOX_EPOCH + 12 * HOUR);
let server: TestServer;
let fleet: FleetOfApps;
beforeAll(async () => {
  server = await startTestServer({ clock, config: { rateLimitPerMinute: 0 } });
  fleet = await addSecondNode(server, server.app.config, { clock, log: silentLogger }, { mode: 'full' });
});
afterAll(async () => {
  await fleet?.close();
  await server?.close();
});

const calendars = async (token: string): Promise<number> =>
  (await rawRequest(`${fleet.url}/suite/list-calendars`, { 'X-JWT-Token': token, 'Cache-Control': 'no-cache' })).status;
const tokenRequests = () =>
  server.sandbox.faults.log.filter((r) => r.method === 'POST' && r.path === '/google/token').length;

describe('two nodes and one grant', () => {
  it('refreshing one expired grant at once on both nodes: one refresh, one grant that both keep using', async () => {
    const user = server.app.demo?.users().find((u) => u.tenant_id === 'acme')?.user_email as string;
    // Both nodes read through the grant while its access token is fresh.
    const fresh = await server.tokenFor('acme', user);
    expect([await calendars(fresh), await calendars(fresh)]).toEqual([200, 200]);
    // Two hours on, the access token has expired (the API token too: the user signs in again).
    clock.advance(2 * HOUR);
    const later = await server.tokenFor('acme', user);
    const before = tokenRequests();
    const statuses = await Promise.all(Array.from({ length: 4 }, () => calendars(later)));
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(tokenRequests() - before).toBe(1);
    // The grant the fleet kept is valid on both nodes, with no further refresh.
    expect([await calendars(later), await calendars(later)]).toEqual([200, 200]);
    expect(tokenRequests() - before).toBe(1);
    const status = await rawRequest(`${fleet.url}/oauth/suite/status`, { 'X-JWT-Token': later });
    expect(JSON.parse(status.body)).toMatchObject({ status: 'authorized' });
  });
});
