import type { Request, Response, Router } from 'express';
import type { FakeContext } from '../../fake-upstream.js';
import {
  cursorFields,
  cursorPage,
  forbidden,
  invalid,
  jsonBody,
  notFound,
  queryParam,
  rateLimited,
  readCursorPage,
} from '../../kit/index.js';
import { callerOf, requireScope, type GoogleCaller, type GoogleStates } from '../caller.js';
import { chatUserName, type ChatMessage, type ChatSpace } from './model.js';

const AUTH = 'https://www.googleapis.com/auth/';
const SPACES_READ = [`${AUTH}chat.spaces`, `${AUTH}chat.spaces.readonly`];
const MEMBERS_READ = [`${AUTH}chat.memberships`, `${AUTH}chat.memberships.readonly`];
const MESSAGES_READ = [`${AUTH}chat.messages`, `${AUTH}chat.messages.readonly`];
const MESSAGES_WRITE = [`${AUTH}chat.messages`, `${AUTH}chat.messages.create`];
/** Chat's per-user quota: 60 requests a minute (per-user read and write limits). */
const PER_USER_PER_MINUTE = 60;

const iso = (ms: number) => new Date(ms).toISOString();

export function chatRoutes(router: Router, states: GoogleStates, ctx: FakeContext): void {
  const calls = new Map<string, number[]>();
  const caller = (req: Request, res: Response, scopes: readonly string[]): GoogleCaller => {
    const who = callerOf(req, res, states, ctx);
    requireScope(who, scopes);
    const key = `${who.state.workspace.id}:${who.person.index}`;
    const now = ctx.clock.now();
    const recent = (calls.get(key) ?? []).filter((at) => at > now - 60_000);
    if (ctx.rateLimits === 'enforce' && recent.length >= PER_USER_PER_MINUTE)
      throw rateLimited(
        Math.ceil((recent[0] + 60_000 - now) / 1000),
        "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user'.",
      );
    recent.push(now);
    calls.set(key, recent);
    return who;
  };
  const spaceFor = (who: GoogleCaller, id: string): ChatSpace => {
    const space = who.state.chat.spaces.get(id);
    if (!space || !space.members.has(who.person.index))
      throw notFound(`Space spaces/${id} not found or not accessible.`);
    return space;
  };
  const idBase = (who: GoogleCaller) => who.state.workspace.idBase;
  const spaceResource = (who: GoogleCaller, space: ChatSpace) => ({
    name: `spaces/${space.id}`,
    type: space.type === 'SPACE' ? 'ROOM' : 'DM',
    spaceType: space.type,
    ...(space.type === 'SPACE'
      ? { displayName: space.displayName, spaceThreadingState: 'THREADED_MESSAGES' }
      : { singleUserBotDm: false }),
    spaceHistoryState: 'HISTORY_ON',
    createTime: iso(space.createTime),
    lastActiveTime: iso(
      Math.max(space.createTime, ...(who.state.chat.messages.get(space.id) ?? []).map((m) => m.createTime)),
    ),
    membershipCount: { joinedDirectHumanUserCount: space.members.size },
    spaceUri: `https://chat.google.com/room/${space.id}`,
  });
  const messageResource = (who: GoogleCaller, m: ChatMessage) => ({
    name: `spaces/${m.spaceId}/messages/${m.id}`,
    sender: { name: chatUserName(idBase(who), m.sender), type: 'HUMAN' },
    createTime: iso(m.createTime),
    text: m.text,
    formattedText: m.text,
    argumentText: m.text,
    thread: { name: `spaces/${m.spaceId}/threads/${m.threadId}` },
    space: { name: `spaces/${m.spaceId}` },
  });

  const memberResource = (who: GoogleCaller, space: ChatSpace, index: number, role: string) => ({
    name: `spaces/${space.id}/members/${chatUserName(idBase(who), index).slice(6)}`,
    state: 'JOINED',
    role,
    member: { name: chatUserName(idBase(who), index), type: 'HUMAN' },
    createTime: iso(space.createTime),
  });
  const messageFor = (who: GoogleCaller, space: ChatSpace, id: string): ChatMessage => {
    const message = who.state.chat.messages.get(space.id)?.find((m) => m.id === id);
    if (!message) throw notFound(`Message spaces/${space.id}/messages/${id} not found.`);
    return message;
  };

  router.get('/v1/spaces', (req, res) => {
    const who = caller(req, res, SPACES_READ);
    const filter = queryParam(req, 'filter');
    const typed = filter?.match(/space_?type\s*=\s*"(SPACE|DIRECT_MESSAGE|GROUP_CHAT)"/i)?.[1];
    if (filter && !typed) throw invalid('Invalid filter.');
    const spaces = [...who.state.chat.spaces.values()].filter(
      (s) => s.members.has(who.person.index) && (!typed || s.type === typed),
    );
    const page = cursorPage(
      spaces,
      readCursorPage(req.query, { cursor: 'pageToken', limit: 'pageSize', defaultLimit: 100, maxLimit: 1000 }),
      `spaces ${filter ?? ''}`,
    );
    res.json({
      ...(page.items.length ? { spaces: page.items.map((s) => spaceResource(who, s)) } : {}),
      ...cursorFields.google(page),
    });
  });

  router.get('/v1/spaces/:space', (req, res) => {
    const who = caller(req, res, SPACES_READ);
    res.json(spaceResource(who, spaceFor(who, req.params.space)));
  });

  router.get('/v1/spaces/:space/members', (req, res) => {
    const who = caller(req, res, MEMBERS_READ);
    const space = spaceFor(who, req.params.space);
    const members = [...space.members].map(([index, role]) => memberResource(who, space, index, role));
    const page = cursorPage(
      members,
      readCursorPage(req.query, { cursor: 'pageToken', limit: 'pageSize', defaultLimit: 100, maxLimit: 1000 }),
      `members ${space.id}`,
    );
    res.json({ ...(page.items.length ? { memberships: page.items } : {}), ...cursorFields.google(page) });
  });

  router.get('/v1/spaces/:space/messages', (req, res) => {
    const who = caller(req, res, MESSAGES_READ);
    const space = spaceFor(who, req.params.space);
    const filter = queryParam(req, 'filter') ?? '';
    const bounds = [...filter.matchAll(/create_?time\s*(>=|>|<=|<)\s*"([^"]+)"/gi)].map(([, op, value]) => ({
      op,
      at: Date.parse(value),
    }));
    if ((filter.trim() && !bounds.length) || bounds.some((b) => Number.isNaN(b.at))) throw invalid('Invalid filter.');
    const orderBy = queryParam(req, 'orderBy') ?? 'createTime asc';
    if (!/^create_?time (asc|desc)$/i.test(orderBy.trim())) throw invalid('Invalid order by.');
    let rows = (who.state.chat.messages.get(space.id) ?? []).filter((m) =>
      bounds.every(({ op, at }) =>
        op === '>'
          ? m.createTime > at
          : op === '>='
            ? m.createTime >= at
            : op === '<'
              ? m.createTime < at
              : m.createTime <= at,
      ),
    );
    if (/desc$/i.test(orderBy.trim())) rows = [...rows].reverse();
    const page = cursorPage(
      rows,
      readCursorPage(req.query, { cursor: 'pageToken', limit: 'pageSize', defaultLimit: 25, maxLimit: 1000 }),
      `messages ${space.id} ${filter} ${orderBy}`,
    );
    res.json({
      ...(page.items.length ? { messages: page.items.map((m) => messageResource(who, m)) } : {}),
      ...cursorFields.google(page),
    });
  });

  router.get('/v1/spaces/:space/messages/:message', (req, res) => {
    const who = caller(req, res, MESSAGES_READ);
    const space = spaceFor(who, req.params.space);
    res.json(messageResource(who, messageFor(who, space, req.params.message)));
  });

  router.post('/v1/spaces/:space/messages', (req, res) => {
    const who = caller(req, res, MESSAGES_WRITE);
    const space = spaceFor(who, req.params.space);
    const body = jsonBody(req);
    if (typeof body.text !== 'string' || !body.text.trim())
      throw invalid('Message cannot be empty. Discarded message must have text or cards.');
    const option = queryParam(req, 'messageReplyOption') ?? 'MESSAGE_REPLY_OPTION_UNSPECIFIED';
    const threadName = (body.thread as { name?: unknown } | undefined)?.name;
    const messages = who.state.chat.messages.get(space.id)!;
    let threadId: string | undefined;
    if (typeof threadName === 'string' && option !== 'MESSAGE_REPLY_OPTION_UNSPECIFIED') {
      const match = /^spaces\/([^/]+)\/threads\/([^/]+)$/.exec(threadName);
      threadId = match && match[1] === space.id && messages.some((m) => m.threadId === match[2]) ? match[2] : undefined;
      if (!threadId && option === 'REPLY_MESSAGE_OR_FAIL') throw notFound('Thread not found.');
    }
    // A thread key names a thread the caller chooses: the first message with a key starts it, the next ones reply in it.
    const threadKey = (body.thread as { threadKey?: unknown } | undefined)?.threadKey;
    if (!threadId && typeof threadKey === 'string' && threadKey) {
      threadId = `key${Buffer.from(threadKey).toString('hex').slice(0, 24)}`;
    }
    const number = who.state.chat.nextNumber++;
    const id = `sbx${String(number).padStart(8, '0')}.sbx${String(number).padStart(8, '0')}`;
    const message: ChatMessage = {
      id,
      spaceId: space.id,
      threadId: threadId ?? `sbxt${String(number).padStart(7, '0')}`,
      sender: who.person.index,
      text: body.text,
      createTime: ctx.clock.now(),
    };
    messages.push(message);
    res.json(messageResource(who, message));
  });

  router.patch('/v1/spaces/:space/messages/:message', (req, res) => {
    const who = caller(req, res, MESSAGES_WRITE);
    const space = spaceFor(who, req.params.space);
    const message = messageFor(who, space, req.params.message);
    const mask = queryParam(req, 'updateMask') ?? '';
    if (
      !mask
        .split(',')
        .map((f) => f.trim())
        .includes('text')
    )
      throw invalid('Invalid update mask: it must name text.');
    if (message.sender !== who.person.index) throw forbidden('The caller can only update messages it sent.');
    const text = jsonBody(req).text;
    if (typeof text !== 'string' || !text.trim())
      throw invalid('Message cannot be empty. Discarded message must have text or cards.');
    message.text = text;
    res.json({ ...messageResource(who, message), lastUpdateTime: iso(ctx.clock.now()) });
  });

  router.delete('/v1/spaces/:space/messages/:message', (req, res) => {
    const who = caller(req, res, MESSAGES_WRITE);
    const space = spaceFor(who, req.params.space);
    const message = messageFor(who, space, req.params.message);
    if (message.sender !== who.person.index) throw forbidden('The caller can only delete messages it sent.');
    const messages = who.state.chat.messages.get(space.id)!;
    messages.splice(messages.indexOf(message), 1);
    res.json({});
  });

  router.get('/v1/spaces/:space/members/:member', (req, res) => {
    const who = caller(req, res, MEMBERS_READ);
    const space = spaceFor(who, req.params.space);
    // Google takes the user's email as an alias for `{member}` and answers with the membership's own name.
    const member = String(req.params.member).toLowerCase();
    const byEmail = member.includes('@');
    if (byEmail) who.state.chat.memberLookupsByEmail = (who.state.chat.memberLookupsByEmail ?? 0) + 1;
    const found = [...space.members].find(([index]) =>
      byEmail
        ? who.state.people[index]?.email.toLowerCase() === member
        : chatUserName(idBase(who), index).slice(6) === req.params.member,
    );
    if (!found) throw notFound(`Membership spaces/${space.id}/members/${String(req.params.member)} not found.`);
    res.json(memberResource(who, space, found[0], found[1]));
  });
}
