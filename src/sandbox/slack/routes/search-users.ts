import type { Router } from 'express';
import { cursorFields, cursorPage, readCursorPage } from '../../kit/index.js';
import { callerOf, paramsOf, requireScope, slackFailure, type States } from './caller.js';
import { userJson } from './serializers.js';

/**
 * search.messages (user tokens only, over what the user can see; `from:<@U...>`, `in:#channel` and
 * words) and the member directory: users.list, users.info, users.lookupByEmail.
 */
export function searchAndUserRoutes(router: Router, states: States): void {
  router.all('/api/search.messages', (req, res) => {
    const caller = callerOf(states, req, res);
    if (caller.kind === 'bot') throw slackFailure('not_allowed_token_type');
    requireScope(caller, 'search:read');
    const params = paramsOf(req);
    const query = (params.query ?? '').trim();
    if (!query) throw slackFailure('no_query');
    const count = Math.min(100, Math.max(1, Number(params.count ?? 20) || 20));
    const page = Math.max(1, Number(params.page ?? 1) || 1);
    const from = /from:<@(\w+)>/.exec(query)?.[1];
    const inChannel = /in:#?([\w-]+)/.exec(query)?.[1];
    const words = query
      .replace(/(from|in):\S+/g, '')
      .trim()
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean);
    const matches = caller.state.channels
      .filter((c) => c.kind === 'public' || c.members.includes(caller.userId))
      .filter((c) => !inChannel || c.name === inChannel || c.id === inChannel)
      .flatMap((c) =>
        c.messages
          .filter((m) => (!from || m.user === from) && words.every((w) => m.text.toLowerCase().includes(w)))
          .map((m) => ({ c, m })),
      )
      .sort((a, b) => (params.sort_dir === 'asc' ? Number(a.m.ts) - Number(b.m.ts) : Number(b.m.ts) - Number(a.m.ts)));
    const pages = Math.max(1, Math.ceil(matches.length / count));
    const slice = matches.slice((page - 1) * count, page * count);
    res.json({
      ok: true,
      query,
      messages: {
        total: matches.length,
        pagination: {
          total_count: matches.length,
          page,
          per_page: count,
          page_count: pages,
          first: (page - 1) * count + 1,
          last: (page - 1) * count + slice.length,
        },
        paging: { count, total: matches.length, page, pages },
        matches: slice.map(({ c, m }) => ({
          type: 'message',
          iid: `${c.id}-${m.ts}`,
          team: caller.state.team.id,
          user: m.user,
          username: caller.state.people.find((p) => p.slackId === m.user)?.login ?? 'constellation',
          ts: m.ts,
          text: m.text,
          channel: {
            id: c.id,
            name: c.name,
            is_private: c.kind !== 'public',
            is_im: c.kind === 'im',
            is_mpim: c.kind === 'mpim',
          },
          permalink: `https://${caller.state.team.domain}.slack.com/archives/${c.id}/p${m.ts.replace('.', '')}`,
        })),
      },
    });
  });

  router.all('/api/users.list', (req, res) => {
    const caller = callerOf(states, req, res);
    requireScope(caller, 'users:read');
    caller.state.directoryReads = (caller.state.directoryReads ?? 0) + 1;
    const params = paramsOf(req);
    const withEmail = caller.scopes.includes('users:read.email');
    const page = cursorPage(
      caller.state.people,
      readCursorPage(params, { cursor: 'cursor', limit: 'limit', defaultLimit: 100, maxLimit: 1000 }),
      'users.list',
    );
    res.json({
      ok: true,
      members: page.items.map((p) => userJson(caller.state, p.index, withEmail)),
      cache_ts: Math.floor(Date.now() / 1000),
      ...cursorFields.slack(page),
    });
  });

  router.all('/api/users.info', (req, res) => {
    const caller = callerOf(states, req, res);
    requireScope(caller, 'users:read');
    caller.state.directoryReads = (caller.state.directoryReads ?? 0) + 1;
    const person = caller.state.people.find((p) => p.slackId === paramsOf(req).user);
    if (!person) throw slackFailure('user_not_found');
    res.json({ ok: true, user: userJson(caller.state, person.index, caller.scopes.includes('users:read.email')) });
  });

  router.all('/api/users.lookupByEmail', (req, res) => {
    const caller = callerOf(states, req, res);
    requireScope(caller, 'users:read.email');
    const email = (paramsOf(req).email ?? '').toLowerCase();
    const person = caller.state.people.find((p) => p.email.toLowerCase() === email);
    if (!person) throw slackFailure('users_not_found');
    res.json({ ok: true, user: userJson(caller.state, person.index, true) });
  });
}
