import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/governance/policy-hooks.js';
import type { ConfluenceState } from '../../src/sandbox/confluence/index.js';
import type { ManualClock } from '../helpers/clock.js';
import { formsOf } from '../helpers/html-forms.js';
import { fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';
import { decide, deletePage, openPage, pathOf } from './confirmation-flow.js';

let server: TestServer;
let clock: ManualClock;
let pages: string[];
let ann: string;
let bob: string;
let globex: string;

beforeAll(async () => {
  let run: Runner;
  ({ server, clock, run } = await systemServer('wiki', { governancePolicy: DEFAULT_POLICY }));
  const acme = fakeState<ConfluenceState>(server, '/confluence', 'acme');
  const space = [...acme.spaces.values()][0].key;
  // Pages of this file's own (created as the server does for itself, without a confirmation: no surface asks).
  pages = [];
  for (let i = 0; i < 12; i++) {
    const created = await run('create_page', { space_key: space, title: `Confirmation page ${i}`, body: 'text' });
    pages.push((created as { id: string }).id);
  }
  const [first, second] = server.app.demo!.users().filter((u) => u.tenant_id === 'acme');
  ann = await server.tokenFor('acme', first.user_email);
  bob = await server.tokenFor('acme', second.user_email);
  globex = await server.tokenFor('globex');
});
afterAll(() => server.close());

const deletes = (pageId: string) => server.sandbox.faults.count('DELETE', `/pages/${pageId}`);

/** Asks to delete a page and returns the confirmation path the refusal names. */
async function refusedDelete(token: string, pageId: string): Promise<{ path: string; error: any }> {
  const { status, body } = await deletePage(server, token, pageId);
  expect(status).toBe(409);
  expect(body.error.code).toBe('CONFIRMATION_REQUIRED');
  return { path: pathOf(body.error.details.confirmation_url), error: body.error };
}

describe('a destructive call over REST needs the confirmation of the person it acts for', () => {
  it('is refused with what would happen and where to confirm; nothing reaches the upstream', async () => {
    const page = pages[0];
    const { status, body } = await deletePage(server, ann, page);
    expect(status).toBe(409);
    expect(body.error).toMatchObject({
      code: 'CONFIRMATION_REQUIRED',
      details: {
        action: `Delete a Confluence page (page_id ${page})`,
        confirmation_url: expect.stringMatching(new RegExp(`^${server.url}/confirmations/[\\w-]+$`)),
        expires_at: new Date(clock.now() + 300_000).toISOString(),
      },
    });
    expect(body.error.message).toContain(body.error.details.confirmation_url);
    expect(body.error.details).not.toHaveProperty('confirmation_token');
    expect(deletes(page)).toBe(0);
  });

  it('the link opened without credentials, by another user or a token not accepted, is a clear page, not JSON', async () => {
    const { path } = await refusedDelete(ann, pages[1]);
    const anonymous = await openPage(server, path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toContain('text/html');
    expect(anonymous.html).toContain('Sign in to review this action');
    expect(anonymous.html).not.toContain(pages[1]);
    for (const other of [bob, globex]) {
      const refused = await openPage(server, path, { token: other });
      expect(refused.status).toBe(403);
      expect(refused.html).toContain('asked for by another user');
      expect(refused.html).not.toContain(pages[1]);
    }
    const forged = await openPage(server, path, { token: 'not-a-token' });
    expect(forged.status).toBe(401);
    expect(forged.html).toContain('not valid');
    expect((await openPage(server, '/confirmations/no-such-one', { token: ann })).status).toBe(404);
  });

  it('once its person confirmed on the page, the same call runs once; a replay is refused', async () => {
    const page = pages[2];
    const { path } = await refusedDelete(ann, page);
    const review = await openPage(server, path, { token: ann });
    expect(review.html).toContain(`Delete a Confluence page (page_id ${page})`);
    expect(review.html).toContain('wiki_delete_page');
    expect(review.headers.get('x-frame-options')).toBe('DENY');
    expect(await decide(server, path, ann)).toContain('You confirmed this action');
    const ran = await deletePage(server, ann, page);
    expect(ran.status).toBe(200);
    expect(ran.body.data).toMatchObject({ deleted: true, page_id: page });
    expect(deletes(page)).toBe(1);
    const replay = await deletePage(server, ann, page);
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('CONFIRMATION_REQUIRED');
    expect(deletes(page)).toBe(1);
    expect((await openPage(server, path, { token: ann })).html).toContain('the action ran once');
  });

  it('a confirmation lets no other call run: another page, another user, another tenant', async () => {
    const [page, other] = [pages[3], pages[4]];
    const { path } = await refusedDelete(ann, page);
    await decide(server, path, ann);
    expect((await deletePage(server, ann, other)).status).toBe(409);
    expect((await deletePage(server, bob, page)).status).toBe(409);
    expect((await deletePage(server, globex, page)).status).toBe(409);
    expect(deletes(page) + deletes(other)).toBe(0);
    expect((await deletePage(server, ann, page)).status).toBe(200);
  });

  it('a declined, an expired, or an unsubmitted-from-the-page decision lets nothing run', async () => {
    const declined = await refusedDelete(ann, pages[5]);
    expect(await decide(server, declined.path, ann, 'decline')).toContain('You declined this action');
    expect((await deletePage(server, ann, pages[5])).status).toBe(409);

    const forged = await refusedDelete(ann, pages[6]);
    const noForm = await openPage(server, forged.path, { token: ann, form: { decision: 'confirm' } });
    expect(noForm.status).toBe(403);
    expect((await deletePage(server, ann, pages[6])).status).toBe(409);

    const late = await refusedDelete(ann, pages[7]);
    await decide(server, late.path, ann);
    clock.advance(300_000);
    expect((await deletePage(server, ann, pages[7])).status).toBe(409);
    const expired = await refusedDelete(ann, pages[8]);
    clock.advance(300_000);
    const gone = await openPage(server, expired.path, { token: ann });
    expect(gone.status).toBe(410);
    expect(gone.html).toContain('expired');
    expect(deletes(pages[5]) + deletes(pages[6]) + deletes(pages[7]) + deletes(pages[8])).toBe(0);
  });

  it('a person without a header signs in on the page with their token; a cookie for this confirmation carries them', async () => {
    const page = pages[9];
    const { path } = await refusedDelete(ann, page);
    const signIn = formsOf((await openPage(server, path)).html)[0];
    expect(signIn.action).toBe(path);
    const review = await openPage(server, path, { form: { access_token: ann } });
    expect(review.status).toBe(200);
    const cookie = review.headers.get('set-cookie')!.split(';')[0];
    expect(review.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
    const form = formsOf(review.html)[0];
    const done = await openPage(server, path, { cookie, form: { ...form.fields, decision: 'confirm' } });
    expect(done.html).toContain('You confirmed this action');
    expect((await deletePage(server, ann, page)).status).toBe(200);
  });

  it('a token is no confirmation where the tenant allows none: the call points at the same confirmation', async () => {
    const page = pages[10];
    const { path } = await refusedDelete(ann, page);
    const id = path.split('/').pop()!;
    const { status, body } = await deletePage(server, ann, page, id);
    expect(status).toBe(409);
    expect(body.error.details).toMatchObject({ refused: expect.stringContaining('not been confirmed by a person') });
    expect(pathOf(body.error.details.confirmation_url)).toBe(path);
    expect(deletes(page)).toBe(0);
  });

  it('every request, decision, use and refusal is in the audit log, saying why', async () => {
    const { records } = await server.app.governance.audit.page('acme', { afterSeq: 0, limit: 1000 });
    const acts = records.filter((r) => r.kind === 'confirmation').map((r) => r.action);
    for (const act of ['requested', 'confirmed', 'declined', 'used', 'refused'])
      expect(acts).toContain(`confirmation.${act}`);
    expect(records).toContainEqual(
      expect.objectContaining({
        action: 'confirmation.refused',
        detail: expect.objectContaining({ reason: 'the confirmation page was opened by another user' }),
      }),
    );
    expect(records).toContainEqual(
      expect.objectContaining({ kind: 'tool_call', action: 'wiki_delete_page', outcome: 'CONFIRMATION_REQUIRED' }),
    );
  });
});
