import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleState } from '../../src/sandbox/google/index.js';
import { fakeState } from '../helpers/sandbox.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * `/suite/mail/*` against the sandbox Gmail, as the demo users (each authorized but the last of the
 * tenant): shapes, bounds, decoding for readers, sending and replying, labels, and the refusals.
 */
let server: TestServer;
let ada: { email: string; token: string };
let bob: { email: string; token: string };
let unauthorized: string;

beforeAll(async () => {
  server = await startTestServer();
  const users = server.app.demo!.users().filter((u) => u.tenant_id === 'acme');
  ada = { email: users[0].user_email, token: await server.tokenFor('acme', users[0].user_email) };
  bob = { email: users[1].user_email, token: await server.tokenFor('acme', users[1].user_email) };
  unauthorized = await server.tokenFor('acme', users.at(-1)!.user_email);
});
afterAll(() => server.close());

const get = (path: string, token = ada.token) => call(server, 'GET', path, { token });
const post = (path: string, body: unknown, token = ada.token) => call(server, 'POST', path, { token, body });
const mailboxOf = (email: string) => {
  const state = fakeState<GoogleState>(server, '/google');
  const person = server.sandbox.seeds.acme.people.find((p) => p.email === email)!;
  return state.mail.mailboxes.get(person.index)!;
};

describe('reading mail', () => {
  it('lists threads and messages as {success, data, count}, within the bounds', async () => {
    const threads = await get('/suite/mail/threads?max_results=5');
    expect(threads.status).toBe(200);
    expect(threads.body).toMatchObject({ success: true, count: 5 });
    expect(Object.keys(threads.body.data[0]).sort()).toEqual(['historyId', 'id', 'snippet']);

    const messages = await get('/suite/mail/messages?label_ids=INBOX&max_results=3');
    expect(messages.body.count).toBe(3);
    expect(Object.keys(messages.body.data[0]).sort()).toEqual(['id', 'threadId']);

    const everything = await get('/suite/mail/messages');
    expect(everything.body.count).toBe(Math.min(100, mailboxOf(ada.email).messages.size));
  });

  it('refuses max_results out of bounds and an unknown format, naming what is wrong', async () => {
    for (const bad of ['0', '501', 'many']) {
      const answer = await get(`/suite/mail/threads?max_results=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.detail).toMatch(/max_results must be (between 1 and 500|an integer)|max_results/);
    }
    expect((await get('/suite/mail/messages?max_results=501')).body.detail).toContain(
      'max_results must be between 1 and 500',
    );
    const id = (await get('/suite/mail/messages?max_results=1')).body.data[0].id as string;
    const format = await get(`/suite/mail/messages/${id}?format=html`);
    expect(format.status).toBe(400);
    expect(format.body.detail).toContain('format');
  });

  it('decodes a Latin-1 message with an attachment for readers, in full and raw formats', async () => {
    const found = await get(
      `/suite/mail/messages?query=${encodeURIComponent('from:billing@billing.example')}&max_results=1`,
    );
    const id = found.body.data[0].id as string;
    const full = await get(`/suite/mail/messages/${id}`);
    expect(full.status).toBe(200);
    expect(full.body.data.payload.headers).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Subject' })]),
    );
    expect(full.body.data.decoded).toMatchObject({
      from: expect.stringContaining('billing@billing.example'),
      subject: expect.stringMatching(/^Relevé hebdomadaire \d+$/),
      text: expect.stringContaining('café, crème brûlée'),
      attachments: [
        expect.objectContaining({ filename: expect.stringMatching(/^releve-\d+\.csv$/), mime_type: 'text/csv' }),
      ],
    });
    const raw = await get(`/suite/mail/messages/${id}?format=raw`);
    expect(typeof raw.body.data.raw).toBe('string');
    expect(raw.body.data.decoded.subject).toBe(full.body.data.decoded.subject);
  });

  it('reads a thread with its messages in order, text and HTML bodies decoded', async () => {
    const threads = await get(`/suite/mail/threads?query=${encodeURIComponent('subject:Re:')}&max_results=1`);
    const thread = await get(`/suite/mail/threads/${threads.body.data[0].id as string}`);
    expect(thread.status).toBe(200);
    const messages = thread.body.data.messages as Array<{ decoded: { text: string; html: string | null } }>;
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.every((m) => m.decoded.text.length > 0)).toBe(true);
    expect(messages.some((m) => m.decoded.html?.startsWith('<p>'))).toBe(true);
  });

  it('lists labels and reads one; an unknown label is Google’s 404 as {detail}', async () => {
    const labels = await get('/suite/mail/labels');
    expect(labels.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'INBOX', type: 'system' })]),
    );
    expect((await get('/suite/mail/labels/INBOX')).body.data).toMatchObject({
      id: 'INBOX',
      name: 'INBOX',
      type: 'system',
    });
    const missing = await get('/suite/mail/labels/Label_999');
    expect(missing.status).toBe(404);
    expect(typeof missing.body.detail).toBe('string');
  });
});

describe('sending and changing mail', () => {
  it('sends a UTF-8 message with cc and bcc: recipients get it, bcc stays out of what they see', async () => {
    const sent = await post('/suite/mail/messages/send', {
      to: bob.email,
      cc: 'grace@acme.test',
      bcc: 'linus@acme.test',
      subject: 'Café ☕ release',
      body: 'Prêt à partir.',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      success: true,
      data: { id: expect.any(String), threadId: expect.any(String), labelIds: ['SENT'] },
    });
    const received = [...mailboxOf(bob.email).messages.values()].find((m) => m.index.subject === 'Café ☕ release');
    expect(received).toBeDefined();
    const raw = received!.raw!.toString('utf8');
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/im);
    expect(raw).not.toMatch(/^Bcc:/im);
    const parsed = await PostalMime.parse(received!.raw!);
    expect(parsed.subject).toBe('Café ☕ release');
    expect(parsed.text?.trim()).toBe('Prêt à partir.');
    expect(parsed.cc?.map((a) => ('address' in a ? a.address : ''))).toEqual(['grace@acme.test']);
  });

  it('replies in the thread with In-Reply-To, References and "Re:"', async () => {
    const first = await post('/suite/mail/messages/send', { to: bob.email, subject: 'Deploy window', body: 'Friday?' });
    const received = [...mailboxOf(bob.email).messages.values()].find((m) => m.index.subject === 'Deploy window')!;
    const reply = await post(
      '/suite/mail/messages/send',
      { to: ada.email, body: 'Friday works.', in_reply_to: received.id },
      bob.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.threadId).toBe(received.threadId);
    const parsed = await PostalMime.parse(mailboxOf(bob.email).messages.get(reply.body.data.id as string)!.raw!);
    expect(parsed.subject).toBe('Re: Deploy window');
    expect(parsed.inReplyTo).toBe(received.index.messageId);
    expect(parsed.references).toContain(received.index.messageId);
    // Ada's copy of the reply lands in her thread of the original.
    const adaThread = mailboxOf(ada.email).messages.get(first.body.data.id as string)!.threadId;
    expect(
      [...mailboxOf(ada.email).messages.values()].some(
        (m) => m.threadId === adaThread && m.index.subject === 'Re: Deploy window',
      ),
    ).toBe(true);
  });

  it('refuses a send without recipients or body, sending nothing', async () => {
    const before = mailboxOf(ada.email).messages.size;
    const answer = await post('/suite/mail/messages/send', { to: 'not-an-address', subject: 'x', body: '' });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/to|body/);
    expect(mailboxOf(ada.email).messages.size).toBe(before);
  });

  it('trashes a message and changes its labels', async () => {
    const [first, second] = (await get('/suite/mail/messages?label_ids=UNREAD&max_results=2')).body.data as Array<{
      id: string;
    }>;
    const trashed = await post(`/suite/mail/messages/${first.id}/trash`, undefined);
    expect(trashed.status).toBe(200);
    expect(trashed.body.data.labelIds).toContain('TRASH');
    expect(mailboxOf(ada.email).messages.get(first.id)!.labelIds.has('TRASH')).toBe(true);
    const read = await post(`/suite/mail/messages/${second.id}/modify`, {
      remove_label_ids: ['UNREAD'],
      add_label_ids: ['STARRED'],
    });
    expect(read.body.data.labelIds).toContain('STARRED');
    expect(read.body.data.labelIds).not.toContain('UNREAD');
    const nothing = await post(`/suite/mail/messages/${second.id}/modify`, {});
    expect(nothing.status).toBe(400);
  });
});

describe('authorization, isolation and quota', () => {
  it('asks an unauthorized user to authorize (401 oauth_required with the link)', async () => {
    const answer = await get('/suite/mail/threads', unauthorized);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      detail: {
        action: 'oauth_required',
        message: expect.any(String),
        auth_url: expect.stringContaining('/oauth/suite/authorize?'),
      },
    });
  });

  it('never reads another user’s mailbox: their message id is not found in mine', async () => {
    const bobs = [...mailboxOf(bob.email).messages.values()].find((m) => !mailboxOf(ada.email).messages.has(m.id))!;
    const answer = await get(`/suite/mail/messages/${bobs.id}`);
    expect(answer.status).toBe(404);
    expect((await get(`/suite/mail/messages/${bobs.id}`, bob.token)).status).toBe(200);
  });

  it('waits out Gmail’s rate limit and answers', async () => {
    server.sandbox.faults.add({
      prefix: '/google',
      method: 'GET',
      path: '/gmail/v1/users/me/labels',
      status: 429,
      retryAfter: 0,
      times: 1,
    });
    const answer = await get('/suite/mail/labels');
    expect(answer.status).toBe(200);
    expect(
      server.sandbox.faults.log
        .filter((r) => r.path === '/google/gmail/v1/users/me/labels')
        .map((r) => r.status)
        .slice(-2),
    ).toEqual([429, 200]);
  });
});
