import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock, SECOND } from '../helpers/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * `GET /oauth/chat/status` and `GET /oauth/suite/authorize` take no credentials (as the spec writes
 * them) and name a tenant and a user: their answers must not tell which tenants exist, and one address
 * may ask them no faster than the general per-address limit.
 */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const chatStatus = (s: TestServer, tenant: string, email: string, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/oauth/chat/status?tenant_id=${tenant}&user_email=${encodeURIComponent(email)}`, { headers });
const suiteAuthorize = (s: TestServer, tenant: string, email: string) =>
  fetch(`${s.url}/oauth/suite/authorize?tenant_id=${tenant}&user_email=${encodeURIComponent(email)}`, {
    redirect: 'manual',
  });

describe('unauthenticated authorization lookups tell no tenant from another', () => {
  it('chat status: an unknown tenant answers as a user who has not authorized; an authorized user keeps the spec’s answer', async () => {
    server = await startTestServer();
    const unknownTenant = await chatStatus(server, 'nonesuch', 'someone@nonesuch.test');
    const unknownUser = await chatStatus(server, 'acme', 'someone@nonesuch.test');
    expect(unknownTenant.status).toBe(200);
    expect(unknownUser.status).toBe(200);
    const body = await unknownUser.json();
    expect(body).toMatchObject({ success: true, status: 'needs_oauth', has_tokens: false });
    expect(await unknownTenant.json()).toEqual(body);

    const [authorized] = server.app.demo?.users() ?? [];
    const known = await chatStatus(server, authorized.tenant_id, authorized.user_email);
    expect(await known.json()).toMatchObject({ success: true, status: 'authorized', has_tokens: true });
  });

  it('suite authorize: an unknown tenant is sent to the same consent page, and its callback is refused like an expired one', async () => {
    server = await startTestServer();
    const unknownTenant = await suiteAuthorize(server, 'nonesuch', 'someone@nonesuch.test');
    const knownTenant = await suiteAuthorize(server, 'acme', 'someone@nonesuch.test');
    expect(unknownTenant.status).toBe(302);
    expect(knownTenant.status).toBe(302);
    const decoy = new URL(unknownTenant.headers.get('location') as string);
    const real = new URL(knownTenant.headers.get('location') as string);
    expect(decoy.origin + decoy.pathname).toBe(real.origin + real.pathname);
    expect([...decoy.searchParams.keys()].sort()).toEqual([...real.searchParams.keys()].sort());

    const callback = await fetch(
      `${server.url}/oauth/suite/callback?code=granted&state=${decoy.searchParams.get('state')}`,
    );
    expect(callback.status).toBe(400);
    const refusal = (await callback.json()) as { detail: string };
    expect(refusal.detail).toContain('already completed or has expired');
    expect(refusal.detail).not.toContain('nonesuch');
  });
});

describe('unauthenticated authorization lookups are limited per address', () => {
  it('past the general per-minute limit, both routes together answer 429 with Retry-After on the app clock, token or not', async () => {
    const clock = new ManualClock();
    server = await startTestServer({ clock, config: { rateLimitPerMinute: 3 } });
    expect((await chatStatus(server, 'acme', 'a@acme.test')).status).toBe(200);
    expect((await suiteAuthorize(server, 'nonesuch', 'b@nonesuch.test')).status).toBe(302);
    clock.advance(15 * SECOND);
    expect((await chatStatus(server, 'globex', 'c@globex.test')).status).toBe(200);

    const refused = await suiteAuthorize(server, 'acme', 'd@acme.test');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(await refused.json()).toEqual({ detail: 'Too many authorization lookups: 3 a minute per address' });
    // A token does not buy another budget: the address is counted.
    const withToken = await chatStatus(server, 'acme', 'a@acme.test', { 'X-JWT-Token': await server.tokenFor('acme') });
    expect(withToken.status).toBe(429);

    clock.advance(30 * SECOND);
    const later = await chatStatus(server, 'acme', 'a@acme.test');
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('15');
    clock.advance(15 * SECOND);
    expect((await chatStatus(server, 'acme', 'a@acme.test')).status).toBe(200);
  });
});
