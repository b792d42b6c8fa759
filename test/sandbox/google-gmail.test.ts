import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { gmail_v1 } from '@googleapis/gmail';
import type { DiscoveryContract } from '../helpers/discovery-contract.js';
import { conforms, gmailContract, googleFailure, startGoogle, type GoogleFixture } from './google-fixture.js';

let google: GoogleFixture;
let contract: DiscoveryContract;
let root: string;

beforeAll(async () => {
  google = await startGoogle();
  contract = gmailContract();
  root = `${google.sandbox.urlOf('/google')}/`;
});
afterAll(() => google.close());

const people = () => google.state().people;
const mailbox = (index: number) => google.state().mail.mailboxes.get(index)!;
const header = (part: gmail_v1.Schema$MessagePart | undefined, name: string) =>
  part?.headers?.find((h) => h.name?.toLowerCase() === name.toLowerCase())?.value;
const decode = (data: string | null | undefined) => Buffer.from(data ?? '', 'base64url').toString('utf8');

async function rawMessage(options: ConstructorParameters<typeof MailComposer>[0]): Promise<string> {
  const node = new MailComposer(options).compile();
  // A client sending through Gmail keeps the Bcc header in the raw message: Gmail removes it on delivery.
  node.keepBcc = true;
  return (await node.build()).toString('base64url');
}

describe('mailbox reads', () => {
  it('answers the profile and the labels of the token’s person', async () => {
    const client = google.gmailFor(1);
    const profile = await client.users.getProfile({ userId: 'me' });
    conforms(contract, root, profile);
    expect(profile.data).toMatchObject({ emailAddress: people()[1].email, messagesTotal: mailbox(1).messages.size });
    const labels = await client.users.labels.list({ userId: 'me' });
    conforms(contract, root, labels);
    const ids = labels.data.labels?.map((l) => l.id);
    expect(ids).toEqual(
      expect.arrayContaining(['INBOX', 'SENT', 'UNREAD', 'STARRED', 'IMPORTANT', 'CATEGORY_UPDATES', 'Label_1']),
    );
    expect(labels.data.labels?.find((l) => l.id === 'Label_1')).toMatchObject({ type: 'user', name: 'Projects' });
  });

  it('lists messages newest first, filtered by labels and search, in stable pages', async () => {
    const client = google.gmailFor(0);
    const expected = [...mailbox(0).messages.values()]
      .filter((m) => m.labelIds.has('INBOX') && m.labelIds.has('UNREAD'))
      .sort((a, b) => b.internalDate - a.internalDate)
      .map((m) => m.id);
    const walked: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await client.users.messages.list({
        userId: 'me',
        labelIds: ['INBOX', 'UNREAD'],
        maxResults: 4,
        pageToken,
      });
      conforms(contract, root, page);
      walked.push(...(page.data.messages ?? []).map((m) => m.id!));
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken);
    expect(walked).toEqual(expected);
    expect(
      (await client.users.messages.list({ userId: 'me', q: 'is:unread in:inbox', maxResults: 500 })).data.messages?.map(
        (m) => m.id,
      ),
    ).toEqual(expected);

    const billing = await client.users.messages.list({
      userId: 'me',
      q: 'from:billing@billing.example has attachment',
      maxResults: 500,
    });
    expect(billing.data.messages).toBeUndefined();
    const digests = await client.users.messages.list({
      userId: 'me',
      q: 'from:billing@billing.example subject:relevé',
      maxResults: 500,
    });
    expect(digests.data.messages?.length).toBe(8);
    const first = (await client.users.messages.list({ userId: 'me', maxResults: 2 })).data.nextPageToken!;
    expect(
      (await googleFailure(client.users.messages.list({ userId: 'me', maxResults: 2, pageToken: `${first}x` }))).status,
    ).toBe(400);
    expect((await googleFailure(client.users.messages.list({ userId: 'me', q: 'newer_than:soon' }))).status).toBe(400);
  });

  it('serves a multipart message’s payload parsed from its raw form, in every format', async () => {
    const client = google.gmailFor(0);
    const stored = [...mailbox(0).messages.values()].find(
      (m) => m.labelIds.has('INBOX') && m.index.replyTo.length === 0 && !m.index.from.includes('billing'),
    )!;
    const full = await client.users.messages.get({ userId: 'me', id: stored.id });
    conforms(contract, root, full);
    expect(full.data.payload?.mimeType).toBe('multipart/alternative');
    const [text, html] = full.data.payload!.parts!;
    expect(text.mimeType).toBe('text/plain');
    expect(decode(text.body?.data).replace(/\r\n/g, '\n').trim()).toBe(stored.index.text);
    expect(html.mimeType).toBe('text/html');
    expect(header(full.data.payload, 'Subject')).toBe(stored.index.subject);
    expect(header(full.data.payload, 'Message-ID')).toBe(stored.index.messageId);
    expect(full.data.labelIds).toEqual([...stored.labelIds]);

    const raw = await client.users.messages.get({ userId: 'me', id: stored.id, format: 'raw' });
    conforms(contract, root, raw);
    expect((await PostalMime.parse(Buffer.from(raw.data.raw!, 'base64url'))).subject).toBe(stored.index.subject);
    const metadata = await client.users.messages.get({
      userId: 'me',
      id: stored.id,
      format: 'metadata',
      metadataHeaders: ['From', 'Subject'],
    });
    conforms(contract, root, metadata);
    expect(metadata.data.payload?.headers?.map((h) => h.name).sort()).toEqual(['From', 'Subject']);
    const minimal = await client.users.messages.get({ userId: 'me', id: stored.id, format: 'minimal' });
    expect(minimal.data.payload).toBeUndefined();
  });

  it('undoes the transfer encoding of an ISO-8859-1 body but keeps its charset, and names the attachment by id', async () => {
    const client = google.gmailFor(2);
    const stored = [...mailbox(2).messages.values()].find((m) => m.index.from.includes('billing'))!;
    const full = await client.users.messages.get({ userId: 'me', id: stored.id });
    conforms(contract, root, full);
    expect(full.data.payload?.mimeType).toBe('multipart/mixed');
    const [text, attachment] = full.data.payload!.parts!;
    expect(header(text, 'Content-Type')).toMatch(/ISO-8859-1/i);
    // Gmail hands the part's bytes in its own charset: a reader decodes them by the Content-Type.
    expect(Buffer.from(text.body?.data ?? '', 'base64url').toString('latin1')).toContain('café, crème brûlée');
    expect(decode(text.body?.data)).not.toContain('café');
    expect(attachment).toMatchObject({ filename: expect.stringMatching(/^releve-\d\.csv$/), mimeType: 'text/csv' });
    expect(attachment.body?.attachmentId).toBeTruthy();
    expect(attachment.body?.size).toBeGreaterThan(0);
  });

  it('decodes an encoded-word subject and keeps replies in one thread', async () => {
    const state = google.state();
    const owner = [...state.mail.mailboxes.values()].find((box) =>
      [...box.messages.values()].some((m) => /[^ -~]/.test(m.index.subject) && m.index.replyTo.length > 0),
    )!;
    const reply = [...owner.messages.values()].find(
      (m) => /[^ -~]/.test(m.index.subject) && m.index.replyTo.length > 0,
    )!;
    const thread = await google.gmailFor(owner.owner).users.threads.get({ userId: 'me', id: reply.threadId });
    conforms(contract, root, thread);
    const subjects = thread.data.messages!.map((m) => header(m.payload, 'Subject'));
    expect(subjects[0]).toBe(reply.index.subject.replace(/^Re: /, ''));
    expect(subjects.slice(1).every((s) => s === `Re: ${subjects[0]}`)).toBe(true);
    expect(header(thread.data.messages![1].payload, 'In-Reply-To')).toBe(
      header(thread.data.messages![0].payload, 'Message-ID'),
    );
    const threads = await google.gmailFor(owner.owner).users.threads.list({ userId: 'me', maxResults: 500 });
    conforms(contract, root, threads);
    expect(threads.data.threads?.map((t) => t.id)).toContain(reply.threadId);
  });

  it('never shows another person’s message, and refuses a token without a Gmail scope', async () => {
    const theirs = [...mailbox(3).messages.keys()][0];
    expect((await googleFailure(google.gmailFor(4).users.messages.get({ userId: 'me', id: theirs }))).status).toBe(404);
    expect(
      (await googleFailure(google.gmailFor(0, 'globex').users.messages.get({ userId: 'me', id: theirs }))).status,
    ).toBe(404);
    const denied = await googleFailure(google.gmailFor(0, 'acme', ['openid']).users.messages.list({ userId: 'me' }));
    expect(denied.status).toBe(403);
    expect(denied.body.error.errors[0].reason).toBe('insufficientPermissions');
  });
});

describe('sending and labelling', () => {
  it('sends a reply that joins the thread for sender and recipient, with a UTF-8 subject, cc, and no Bcc for recipients', async () => {
    const [sender, recipient, copied, hidden] = [0, 1, 2, 3].map((i) => people()[i]);
    const original = [...mailbox(recipient.index).messages.values()].find(
      (m) => m.index.from.includes(sender.email) && m.labelIds.has('INBOX'),
    )!;
    const subject = `Re: ${original.index.subject} — déjà vu ✓`;
    const raw = await rawMessage({
      from: { name: sender.name, address: sender.email },
      to: recipient.email,
      cc: copied.email,
      bcc: hidden.email,
      subject,
      text: 'Following up.',
      inReplyTo: original.index.messageId,
      references: [original.index.messageId],
    });
    const sent = await google.gmailFor(sender.index).users.messages.send({ userId: 'me', requestBody: { raw } });
    conforms(contract, root, sent);
    expect(sent.data.labelIds).toEqual(['SENT']);
    const mine = [...mailbox(sender.index).messages.values()].find(
      (m) => m.index.messageId === original.index.messageId,
    )!;
    expect(sent.data.threadId).toBe(mine.threadId);

    const inbox = await google
      .gmailFor(recipient.index)
      .users.messages.list({ userId: 'me', q: 'déjà vu', maxResults: 5 });
    const received = await google
      .gmailFor(recipient.index)
      .users.messages.get({ userId: 'me', id: inbox.data.messages![0].id!, format: 'raw' });
    expect(received.data.threadId).toBe(original.threadId);
    const parsed = await PostalMime.parse(Buffer.from(received.data.raw!, 'base64url'));
    expect(parsed.subject).toBe(subject);
    expect(parsed.cc?.map((a) => ('address' in a ? a.address : ''))).toEqual([copied.email]);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.inReplyTo).toBe(original.index.messageId);
    for (const index of [copied.index, hidden.index]) {
      const found = await google.gmailFor(index).users.messages.list({ userId: 'me', q: 'déjà vu' });
      expect(found.data.messages?.length).toBe(1);
    }
    expect(
      (await googleFailure(google.gmailFor(0).users.messages.send({ userId: 'me', requestBody: {} }))).status,
    ).toBe(400);
  });

  it('adds and removes labels, trashes, and keeps drafts out of listings', async () => {
    const client = google.gmailFor(5);
    const target = [...mailbox(5).messages.values()].find((m) => m.labelIds.has('INBOX'))!;
    const modified = await client.users.messages.modify({
      userId: 'me',
      id: target.id,
      requestBody: { addLabelIds: ['STARRED', 'Label_3'], removeLabelIds: ['UNREAD'] },
    });
    conforms(contract, root, modified);
    expect(modified.data.labelIds).toEqual(expect.arrayContaining(['STARRED', 'Label_3']));
    expect(modified.data.labelIds).not.toContain('UNREAD');
    expect(
      (
        await googleFailure(
          client.users.messages.modify({ userId: 'me', id: target.id, requestBody: { addLabelIds: ['Label_99'] } }),
        )
      ).status,
    ).toBe(400);
    const trashed = await client.users.messages.trash({ userId: 'me', id: target.id });
    expect(trashed.data.labelIds).toContain('TRASH');
    const listed = await client.users.messages.list({ userId: 'me', maxResults: 500 });
    expect(listed.data.messages?.map((m) => m.id)).not.toContain(target.id);
    const draft = await client.users.drafts.create({
      userId: 'me',
      requestBody: {
        message: { raw: await rawMessage({ to: people()[0].email, subject: 'Draft only', text: 'later' }) },
      },
    });
    conforms(contract, root, draft);
    expect(draft.data.message?.labelIds).toEqual(['DRAFT']);
    expect(
      (await client.users.messages.list({ userId: 'me', q: 'subject:"draft only"' })).data.messages,
    ).toBeUndefined();
  });
});
