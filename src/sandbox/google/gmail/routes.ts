import type { Request, Response, Router } from 'express';
import PostalMime from 'postal-mime';
import type { FakeContext } from '../../fake-upstream.js';
import { cursorFields, cursorPage, invalid, jsonBody, notFound, queryParam, readCursorPage } from '../../kit/index.js';
import { callerOf, requireScope, type GoogleCaller, type GoogleStates } from '../caller.js';
import { messageId, type Mailbox, type StoredMessage } from './model.js';
import { payloadOf, rawOf } from './mime.js';
import { parseQuery } from './search.js';

const BASE = '/gmail/v1/users/:userId';
const AUTH = 'https://www.googleapis.com/auth/';
const READ = [`${AUTH}gmail.readonly`, `${AUTH}gmail.modify`, 'https://mail.google.com/'];
const METADATA = [...READ, `${AUTH}gmail.metadata`];
const MODIFY = [`${AUTH}gmail.modify`, 'https://mail.google.com/'];
const SEND = [...MODIFY, `${AUTH}gmail.send`, `${AUTH}gmail.compose`];

function mailboxOf(who: GoogleCaller, userId: string): Mailbox {
  if (userId !== 'me' && userId !== who.person.email)
    throw invalid('Delegation denied for ' + who.person.email, {
      status: 403,
      details: [{ message: `Delegation denied for ${who.person.email}`, domain: 'global', reason: 'forbidden' }],
    });
  return who.state.mail.mailboxes.get(who.person.index)!;
}

const snippetOf = (m: StoredMessage) => m.index.text.replace(/\s+/g, ' ').trim().slice(0, 100);
const sortedLabels = (m: StoredMessage) => [...m.labelIds];

async function messageResource(
  m: StoredMessage,
  format: string,
  headerNames: string[],
): Promise<Record<string, unknown>> {
  const base = {
    id: m.id,
    threadId: m.threadId,
    labelIds: sortedLabels(m),
    snippet: snippetOf(m),
    historyId: String(1000 + Number.parseInt(m.id.slice(-5), 16)),
    internalDate: String(m.internalDate),
  };
  const raw = await rawOf(m);
  if (format === 'minimal') return { ...base, sizeEstimate: raw.length };
  if (format === 'raw') return { ...base, sizeEstimate: raw.length, raw: raw.toString('base64url') };
  const payload = await payloadOf(m);
  if (format === 'metadata') {
    const wanted = headerNames.map((h) => h.toLowerCase());
    const headers = wanted.length
      ? payload.headers.filter((h) => wanted.includes(h.name.toLowerCase()))
      : payload.headers;
    return {
      ...base,
      sizeEstimate: raw.length,
      payload: {
        partId: payload.partId,
        mimeType: payload.mimeType,
        filename: payload.filename,
        headers,
        body: { size: 0 },
      },
    };
  }
  return { ...base, sizeEstimate: raw.length, payload };
}

function formatOf(req: Request): string {
  const format = queryParam(req, 'format') ?? 'full';
  if (!['full', 'metadata', 'minimal', 'raw'].includes(format)) throw invalid(`Invalid value at 'format' (${format})`);
  return format;
}

const listOf = (req: Request, name: string): string[] => {
  const value = req.query[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
};

export function gmailRoutes(router: Router, states: GoogleStates, ctx: FakeContext): void {
  const caller = (req: Request, res: Response, scopes: readonly string[]) => {
    const who = callerOf(req, res, states, ctx);
    requireScope(who, scopes);
    return { who, box: mailboxOf(who, String(req.params.userId)) };
  };
  const messageIn = (box: Mailbox, id: string): StoredMessage => {
    const message = box.messages.get(id);
    if (!message || message.draft) throw notFound('Requested entity was not found.');
    return message;
  };
  const visible = (req: Request, box: Mailbox): StoredMessage[] => {
    const labelIds = listOf(req, 'labelIds');
    const test = parseQuery(queryParam(req, 'q') ?? '', box, ctx.clock.now());
    const withTrash = queryParam(req, 'includeSpamTrash') === 'true' || labelIds.includes('TRASH');
    return [...box.messages.values()]
      .filter(
        (m) =>
          !m.draft && (withTrash || !m.labelIds.has('TRASH')) && labelIds.every((l) => m.labelIds.has(l)) && test(m),
      )
      .sort((a, b) => b.internalDate - a.internalDate || b.id.localeCompare(a.id));
  };
  const scopeOf = (req: Request, what: string) =>
    `${what} ${JSON.stringify({ q: req.query.q, labelIds: req.query.labelIds, t: req.query.includeSpamTrash })}`;

  router.get(`${BASE}/profile`, (req, res) => {
    const { who, box } = caller(req, res, [...METADATA, `${AUTH}gmail.compose`]);
    const threads = new Set([...box.messages.values()].map((m) => m.threadId));
    res.json({
      emailAddress: who.person.email,
      messagesTotal: box.messages.size,
      threadsTotal: threads.size,
      historyId: String(box.historyId),
    });
  });

  router.get(`${BASE}/labels`, (req, res) => {
    const { box } = caller(req, res, [...METADATA, `${AUTH}gmail.labels`]);
    res.json({
      labels: [...box.labels.values()].map((l) => ({
        id: l.id,
        name: l.name,
        type: l.type,
        ...(l.type === 'user' ? { messageListVisibility: 'show', labelListVisibility: 'labelShow' } : {}),
      })),
    });
  });

  // labels.get: the label with its message and thread counts, as Gmail counts them.
  router.get(`${BASE}/labels/:id`, (req, res) => {
    const { box } = caller(req, res, [...METADATA, `${AUTH}gmail.labels`]);
    const label = box.labels.get(req.params.id);
    if (!label) throw notFound('Requested entity was not found.');
    const carrying = [...box.messages.values()].filter((m) => !m.draft && m.labelIds.has(label.id));
    const unread = carrying.filter((m) => m.labelIds.has('UNREAD'));
    const threads = (messages: StoredMessage[]) => new Set(messages.map((m) => m.threadId)).size;
    res.json({
      id: label.id,
      name: label.name,
      type: label.type,
      ...(label.type === 'user' ? { messageListVisibility: 'show', labelListVisibility: 'labelShow' } : {}),
      messagesTotal: carrying.length,
      messagesUnread: unread.length,
      threadsTotal: threads(carrying),
      threadsUnread: threads(unread),
    });
  });

  router.get(`${BASE}/messages`, (req, res) => {
    const { box } = caller(req, res, METADATA);
    const rows = visible(req, box);
    const page = cursorPage(
      rows,
      readCursorPage(req.query, { cursor: 'pageToken', limit: 'maxResults', defaultLimit: 100, maxLimit: 500 }),
      scopeOf(req, 'messages'),
    );
    res.json({
      ...(page.items.length ? { messages: page.items.map((m) => ({ id: m.id, threadId: m.threadId })) } : {}),
      ...cursorFields.google(page),
      resultSizeEstimate: rows.length,
    });
  });

  router.get(`${BASE}/messages/:id`, async (req, res) => {
    const { box } = caller(req, res, METADATA);
    const format = formatOf(req);
    res.json(await messageResource(messageIn(box, req.params.id), format, listOf(req, 'metadataHeaders')));
  });

  router.post(`${BASE}/messages/:id/modify`, async (req, res) => {
    const { box } = caller(req, res, MODIFY);
    const message = messageIn(box, req.params.id);
    const body = jsonBody(req);
    const add = Array.isArray(body.addLabelIds) ? body.addLabelIds.map(String) : [];
    const remove = Array.isArray(body.removeLabelIds) ? body.removeLabelIds.map(String) : [];
    const unknown = [...add, ...remove].find((l) => !box.labels.has(l));
    if (unknown) throw invalid(`Invalid label: ${unknown}`);
    for (const l of add) message.labelIds.add(l);
    for (const l of remove) message.labelIds.delete(l);
    box.historyId++;
    res.json(await messageResource(message, 'minimal', []).then(({ sizeEstimate: _size, ...rest }) => rest));
  });

  router.post(`${BASE}/messages/:id/trash`, async (req, res) => {
    const { box } = caller(req, res, MODIFY);
    const message = messageIn(box, req.params.id);
    message.labelIds.add('TRASH');
    message.labelIds.delete('INBOX');
    box.historyId++;
    res.json(await messageResource(message, 'minimal', []).then(({ sizeEstimate: _size, ...rest }) => rest));
  });

  const compose = async (
    who: GoogleCaller,
    box: Mailbox,
    body: Record<string, unknown>,
    draft: boolean,
  ): Promise<StoredMessage> => {
    const encoded = (body as { raw?: unknown }).raw;
    if (typeof encoded !== 'string' || encoded === '')
      throw invalid("'raw' RFC822 payload message string or uploading message via /upload/* URL required");
    const raw = Buffer.from(encoded, 'base64url');
    const email = await PostalMime.parse(raw);
    const to = (email.to ?? []).flatMap((a) => ('address' in a && a.address ? [a.address] : []));
    const cc = (email.cc ?? []).flatMap((a) => ('address' in a && a.address ? [a.address] : []));
    const bcc = (email.bcc ?? []).flatMap((a) => ('address' in a && a.address ? [a.address] : []));
    if (!draft && to.length + cc.length + bcc.length === 0) throw invalid('Invalid To header');
    const replyTo = [email.inReplyTo ?? '', ...(email.references ?? '').split(/\s+/)].filter(Boolean);
    const index = {
      from: `${who.person.name} <${who.person.email}>`,
      to,
      cc,
      subject: email.subject ?? '',
      text: email.text ?? '',
      messageId: email.messageId ?? `<${Date.now()}@mail.gmail.com>`,
      replyTo,
    };
    const now = ctx.clock.now();
    const base = who.state.workspace.idBase / 1_000_000;
    const threadIn = (target: Mailbox, explicit?: string): string | undefined =>
      (explicit && [...target.messages.values()].some((m) => m.threadId === explicit) ? explicit : undefined) ??
      [...target.messages.values()].find((m) => replyTo.includes(m.index.messageId))?.threadId;
    const stored = (target: Mailbox, labels: string[], bytes: Buffer, explicitThread?: string): StoredMessage => {
      const id = messageId(base, who.state.mail.nextId++);
      const message: StoredMessage = {
        id,
        threadId: threadIn(target, explicitThread) ?? id,
        labelIds: new Set(labels),
        internalDate: now,
        index,
        raw: bytes,
        draft,
      };
      target.messages.set(id, message);
      target.historyId++;
      return message;
    };
    // The sender keeps the Bcc header; recipients receive the message without it.
    const sent = stored(
      box,
      draft ? ['DRAFT'] : ['SENT'],
      raw,
      typeof body.threadId === 'string' ? body.threadId : undefined,
    );
    if (draft) return sent;
    const delivered = stripBcc(raw);
    const recipients = new Set([...to, ...cc, ...bcc].map((a) => a.toLowerCase()));
    for (const person of who.state.people)
      if (recipients.has(person.email.toLowerCase()) && person.index !== who.person.index)
        stored(who.state.mail.mailboxes.get(person.index)!, ['INBOX', 'UNREAD', 'CATEGORY_PERSONAL'], delivered);
    return sent;
  };

  router.post(`${BASE}/messages/send`, async (req, res) => {
    const { who, box } = caller(req, res, SEND);
    const sent = await compose(who, box, jsonBody(req), false);
    res.json({ id: sent.id, threadId: sent.threadId, labelIds: sortedLabels(sent) });
  });

  router.post(`${BASE}/drafts`, async (req, res) => {
    const { who, box } = caller(req, res, [...MODIFY, `${AUTH}gmail.compose`]);
    const message = (jsonBody(req).message ?? {}) as Record<string, unknown>;
    const draft = await compose(who, box, message, true);
    res.json({
      id: `r${draft.id}`,
      message: { id: draft.id, threadId: draft.threadId, labelIds: sortedLabels(draft) },
    });
  });

  router.get(`${BASE}/threads`, (req, res) => {
    const { box } = caller(req, res, METADATA);
    const seen = new Set<string>();
    const threads = visible(req, box).filter((m) => !seen.has(m.threadId) && seen.add(m.threadId));
    const page = cursorPage(
      threads,
      readCursorPage(req.query, { cursor: 'pageToken', limit: 'maxResults', defaultLimit: 100, maxLimit: 500 }),
      scopeOf(req, 'threads'),
    );
    res.json({
      ...(page.items.length
        ? {
            threads: page.items.map((m) => ({
              id: m.threadId,
              snippet: snippetOf(m),
              historyId: String(box.historyId),
            })),
          }
        : {}),
      ...cursorFields.google(page),
      resultSizeEstimate: threads.length,
    });
  });

  router.get(`${BASE}/threads/:id`, async (req, res) => {
    const { box } = caller(req, res, METADATA);
    const format = formatOf(req);
    const messages = [...box.messages.values()]
      .filter((m) => m.threadId === req.params.id && !m.draft)
      .sort((a, b) => a.internalDate - b.internalDate);
    if (!messages.length) throw notFound('Requested entity was not found.');
    res.json({
      id: req.params.id,
      historyId: String(box.historyId),
      messages: await Promise.all(
        messages.map((m) => messageResource(m, format === 'raw' ? 'full' : format, listOf(req, 'metadataHeaders'))),
      ),
    });
  });
}

/** The message without its Bcc header (and its folded lines), as recipients get it. */
function stripBcc(raw: Buffer): Buffer {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const head = end < 0 ? text : text.slice(0, end);
  const kept = head.replace(/^bcc:.*(\r?\n[ \t].*)*(\r?\n)?/gim, '');
  return Buffer.from(kept + (end < 0 ? '' : text.slice(end)), 'latin1');
}
