import type { Request, Router } from 'express';
import type { FakeContext } from '../fake-upstream.js';
import { badRequest, jsonBody, offsetPage, pathParam, queryParam } from '../kit/index.js';
import { livePage, stateOf, type States } from './route-state.js';
import { searchPages } from './search.js';
import { serializeSearchHit, serializeUserV1 } from './serializers.js';
import { labelNamed } from './state.js';

const V1 = '/wiki/rest/api';

/** A v1 list: `start` and `limit` in, `{results, start, limit, size, _links.next}` out. */
function offsetV1(req: Request, items: unknown[]): Record<string, unknown> {
  const start = Number(queryParam(req, 'start') ?? 0);
  const limit = Math.min(Number(queryParam(req, 'limit') ?? 25), 250);
  if (!Number.isInteger(start) || start < 0 || !Number.isInteger(limit) || limit < 0)
    throw badRequest('start and limit must be non-negative integers');
  const page = offsetPage(items, { startAt: start, maxResults: limit });
  const next = page.isLast
    ? undefined
    : `${req.path}?${String(new URLSearchParams({ ...(req.query as Record<string, string>), start: String(start + limit), limit: String(limit) }))}`;
  return {
    results: page.values,
    start,
    limit,
    size: page.values.length,
    totalSize: items.length,
    _links: { base: '/wiki', context: '/wiki', ...(next ? { next: `/wiki/rest/api${next}` } : {}) },
  };
}

/**
 * Confluence Cloud REST v1 (`/wiki/rest/api`), where v2 has no equivalent: CQL search, user search, the
 * current user, adding labels and archiving.
 */
export function confluenceV1Routes(router: Router, states: States, ctx: FakeContext): void {
  const nowIso = (): string => new Date(ctx.clock.now()).toISOString();

  router.post(`${V1}/content/:id/label`, (req, res) => {
    const state = stateOf(states, res);
    const page = livePage(state, pathParam(req, 'id'));
    const wanted = Array.isArray(req.body) ? (req.body as Array<{ name?: unknown; prefix?: unknown }>) : [];
    if (!wanted.length) throw badRequest('Labels are required');
    for (const label of wanted) {
      const name = String(label.name ?? '')
        .trim()
        .toLowerCase();
      if (!/^[^\s!#&()*,.:;<>?@[\]^]+$/u.test(name))
        throw badRequest(`Label '${String(label.name)}' contains an invalid character`);
      if (!page.labels.includes(name)) page.labels.push(labelNamed(state, name).name);
    }
    res.json({
      results: page.labels.map((name) => ({ ...labelNamed(state, name), label: name })),
      start: 0,
      limit: 200,
      size: page.labels.length,
      _links: {},
    });
  });

  router.post(`${V1}/content/archive`, (req, res) => {
    const state = stateOf(states, res);
    const pages = (jsonBody(req).pages as Array<{ id?: unknown }> | undefined) ?? [];
    if (!pages.length) throw badRequest('pages is required');
    const found = pages.map((p) => livePage(state, String(p.id ?? '')));
    for (const page of found) page.status = 'archived';
    res.status(202).json({ id: state.nextId(), links: { status: `/wiki/rest/api/longtask/${state.nextId()}` } });
  });

  router.get(`${V1}/search`, (req, res) => {
    const state = stateOf(states, res);
    const cql = queryParam(req, 'cql');
    if (!cql) throw badRequest('cql is required');
    const pages = searchPages(state, cql, state.bot.accountId);
    res.json({
      ...offsetV1(
        req,
        pages.map((p) => serializeSearchHit(p, state)),
      ),
      cqlQuery: cql,
      searchDuration: 3,
    });
  });

  router.get(`${V1}/search/user`, (req, res) => {
    const state = stateOf(states, res);
    const cql = (queryParam(req, 'cql') ?? '').replace(/\s+/g, ' ').trim();
    if (cql !== 'type = user' && cql !== 'type=user')
      throw badRequest(`Could not parse cql : ${cql} (this fake answers 'type = user')`);
    state.directoryReads = (state.directoryReads ?? 0) + 1;
    const users = [state.bot, ...state.users].map((user) => ({
      user: serializeUserV1(user),
      title: user.displayName,
      excerpt: '',
      url: `/people/${user.accountId}`,
      entityType: 'user',
      iconCssClass: 'aui-icon content-type-profile',
      breadcrumbs: [],
      lastModified: nowIso(),
      score: 1,
    }));
    res.json({ ...offsetV1(req, users), cqlQuery: cql, searchDuration: 1 });
  });

  router.get(`${V1}/user/current`, (_req, res) => void res.json(serializeUserV1(stateOf(states, res).bot)));
}
