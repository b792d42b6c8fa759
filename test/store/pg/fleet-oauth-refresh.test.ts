import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OAuthFlow,
  RefreshRejected,
  StateTokens,
  type OAuthProvider,
  type ProviderTokens,
} from '../../../src/auth/oauth/index.js';
import { PgPendingAuthorizations } from '../../../src/auth/oauth/pending-pg.js';
import { silentLogger } from '../../../src/config/logger.js';
import type { App } from '../../../src/app.js';
import { HOUR, ManualClock } from '../../helpers/clock.js';
import { someoneWaitsForALock, startFleet, type Fleet } from '../../helpers/fleet-nodes.js';
import { TEST_JWT_SECRET } from '../../helpers/server.js';

/**
 * A provider that rotates refresh tokens, as Slack's and others do: each refresh spends the token it is
 * given and issues a new one. Refreshes are held until `release` so that the test decides when they answer.
 */
class RotatingProvider implements OAuthProvider {
  readonly id = 'rotating';
  readonly title = 'Rotating';
  readonly pkce = false;
  /** The one refresh token the provider still accepts. */
  live = 'refresh-0';
  refreshes = 0;
  private issued = 0;
  private opened = false;
  private readonly waiting: Array<() => void> = [];
  private arrived: Array<() => void> = [];

  constructor(private readonly clock: ManualClock) {}

  /** Resolves once `count` refreshes have been asked for. */
  asked(count: number): Promise<void> {
    return this.refreshes >= count ? Promise.resolve() : new Promise((resolve) => this.arrived.push(resolve));
  }

  release(): void {
    this.opened = true;
    for (const resume of this.waiting.splice(0)) resume();
  }

  authorizationUrl(): string {
    return 'http://127.0.0.1:1/authorize';
  }

  exchangeCode(): never {
    throw new Error('not used here');
  }

  async refresh(tokens: ProviderTokens): Promise<ProviderTokens> {
    this.refreshes++;
    for (const resume of this.arrived.splice(0)) resume();
    if (!this.opened) await new Promise<void>((resume) => this.waiting.push(resume));
    if (tokens.refreshToken !== this.live) throw new RefreshRejected();
    this.issued++;
    this.live = `refresh-${this.issued}`;
    return {
      accessToken: `access-${this.issued}`,
      refreshToken: this.live,
      expiresAt: this.clock.now() + HOUR,
      scopes: [],
    };
  }

  async revoke(): Promise<void> {}
}

let fleet: Fleet;
const clock = new ManualClock();
const owner = { tenantId: 'acme', userEmail: 'ada@acme.test' };

beforeAll(async () => {
  fleet = await startFleet(2, { sandbox: false, clock });
  await fleet.nodes[0].app.tenants.ensure({ id: 'acme', consumerId: 'acme-consumer' });
});
afterAll(() => fleet?.close());

const poolOf = (app: App) => {
  if (app.store.kind !== 'postgres') throw new Error('a fleet node keeps its data in PostgreSQL');
  return app.store.pool;
};

const flowOn = (app: App, provider: OAuthProvider): OAuthFlow =>
  new OAuthFlow({
    provider,
    vault: app.vault,
    pending: new PgPendingAuthorizations(poolOf(app)),
    states: new StateTokens(TEST_JWT_SECRET, () => clock.now()),
    clock,
    log: silentLogger,
    redirectUri: () => 'http://127.0.0.1:1/callback',
    authorizeLink: () => 'http://127.0.0.1:1/authorize',
  });

describe('two nodes refreshing one expired grant with rotating refresh tokens', () => {
  it('refresh it once: both get the new tokens, and the stored grant holds the refresh token the provider accepts', async () => {
    const provider = new RotatingProvider(clock);
    const [a, b] = fleet.nodes.map((node) => flowOn(node.app, provider));
    await fleet.nodes[0].app.vault.put(owner, provider.id, {
      accessToken: 'access-0',
      refreshToken: 'refresh-0',
      expiresAt: clock.now() + HOUR,
      scopes: [],
      accountEmail: owner.userEmail,
      authorizedAt: clock.now(),
    });
    clock.advance(2 * HOUR);

    const answers = Promise.allSettled([a.tokens(owner), b.tokens(owner)]);
    await provider.asked(1);
    // The other node either asks the provider too or waits for the grant's lock: then let the provider answer.
    await Promise.race([provider.asked(2), someoneWaitsForALock(fleet.admin)]);
    provider.release();
    const [onA, onB] = await answers;

    expect(onA).toMatchObject({ status: 'fulfilled', value: { accessToken: 'access-1', refreshToken: 'refresh-1' } });
    expect(onB).toMatchObject({ status: 'fulfilled', value: { accessToken: 'access-1', refreshToken: 'refresh-1' } });
    expect(provider.refreshes).toBe(1);
    for (const node of fleet.nodes)
      expect(await node.app.vault.get(owner, provider.id)).toMatchObject({ refreshToken: provider.live });
  });
});
