import type { Request, Response, Router } from 'express';
import type { FakeContext } from '../fake-upstream.js';
import {
  badRequest,
  conflict,
  cursorPage,
  invalid,
  jsonBody,
  notFound,
  pathParam,
  queryParam,
  readCursorPage,
} from '../kit/index.js';
import { inPageOrder } from './page-order.js';
import { livePage, stateOf, type States } from './route-state.js';
import { confluenceV1Routes } from './routes-v1.js';
import { serializeAttachmentV2, serializeCommentV2, serializePageV2, serializeSpaceV2 } from './serializers.js';
import type { PageRecord, PageStatus } from './state.js';
import { currentVersion, labelNamed } from './state.js';

const V2 = '/wiki/api/v2';
const PAGING = { cursor: 'cursor', limit: 'limit', defaultLimit: 25, maxLimit: 250 };

/** A v2 list: `results` and, unless this is the last page, `_links.next` (a relative URL carrying the cursor). */
function listV2(req: Request, res: Response, items: unknown[], scope: string): void {
  const page = cursorPage(items, readCursorPage(req.query, PAGING), scope);
  const next =
    page.nextCursor === null
      ? undefined
      : (() => {
          const url = new URL(req.originalUrl, 'http://fake');
          url.searchParams.set('cursor', page.nextCursor);
          return `${url.pathname.replace(/^.*?\/wiki\//, '/wiki/')}${url.search}`;
        })();
  res.json({ results: page.items, _links: { ...(next ? { next } : {}), base: '/wiki' } });
}

function storageBody(body: unknown): string {
  const b = body as { representation?: unknown; value?: unknown } | undefined;
  if (!b || typeof b.value !== 'string') throw invalid('body.value is required');
  if (b.representation !== 'storage')
    throw invalid(`Unsupported body representation: ${String(b.representation)}; this fake stores 'storage'`);
  return b.value;
}

/**
 * Confluence Cloud REST: v2 (`/wiki/api/v2`) for spaces, pages, footer comments, attachments and labels,
 * v1 (`/wiki/rest/api`) where v2 has no equivalent: CQL search, user search, the current user, adding
 * labels and archiving. Page updates must carry the next version number (409 otherwise).
 */
export function confluenceRoutes(router: Router, states: States, ctx: FakeContext): void {
  const nowIso = (): string => new Date(ctx.clock.now()).toISOString();
  confluenceV1Routes(router, states, ctx);

  router.get(`${V2}/spaces`, (req, res) => {
    const state = stateOf(states, res);
    const keys = queryParam(req, 'keys')?.split(',');
    const ids = queryParam(req, 'ids')?.split(',');
    const spaces = [...state.spaces.values()].filter(
      (s) => (!keys || keys.includes(s.key)) && (!ids || ids.includes(s.id)),
    );
    listV2(
      req,
      res,
      spaces.map((s) => serializeSpaceV2(s, queryParam(req, 'description-format'))),
      'spaces',
    );
  });

  router.get(`${V2}/pages`, (req, res) => {
    const state = stateOf(states, res);
    const spaceIds = queryParam(req, 'space-id')?.split(',');
    const statuses = (queryParam(req, 'status') ?? 'current,archived').split(',');
    const title = queryParam(req, 'title');
    const pages = [...state.pages.values()].filter(
      (p) =>
        (!spaceIds || spaceIds.includes(p.spaceId)) &&
        statuses.includes(p.status) &&
        (p.status !== 'draft' || p.authorId === state.bot.accountId) &&
        (title === undefined || currentVersion(p).title === title),
    );
    listV2(
      req,
      res,
      inPageOrder(pages, queryParam(req, 'sort')).map((p) => serializePageV2(p, state, queryParam(req, 'body-format'))),
      'pages',
    );
  });

  router.get(`${V2}/pages/:id`, (req, res) => {
    const state = stateOf(states, res);
    res.json(serializePageV2(livePage(state, pathParam(req, 'id')), state, queryParam(req, 'body-format')));
  });

  router.get(`${V2}/pages/:id/ancestors`, (req, res) => {
    const state = stateOf(states, res);
    const chain: unknown[] = [];
    for (
      let parent = livePage(state, pathParam(req, 'id')).parentId;
      parent;
      parent = state.pages.get(parent)?.parentId ?? null
    )
      chain.unshift({ id: parent, type: 'page' });
    res.json({ results: chain, _links: { base: '/wiki' } });
  });

  router.post(`${V2}/pages`, (req, res) => {
    const state = stateOf(states, res);
    const body = jsonBody(req);
    const space = state.spaces.get(String(body.spaceId ?? ''));
    if (!space) throw invalid(`spaceId ${String(body.spaceId)} does not identify a space`);
    if (typeof body.title !== 'string' || !body.title.trim()) throw invalid('A page needs a title');
    const value = storageBody(body.body);
    const parentId = body.parentId === undefined ? space.homepageId : String(body.parentId);
    if (parentId && state.pages.get(parentId)?.spaceId !== space.id)
      throw invalid(`parentId ${parentId} is not a page of space ${space.key}`);
    const title = body.title.trim();
    if (
      [...state.pages.values()].some(
        (p) => p.spaceId === space.id && p.status === 'current' && currentVersion(p).title === title,
      )
    ) {
      throw badRequest(
        `A page with this title already exists: A page already exists with the same TITLE in this space`,
      );
    }
    const at = nowIso();
    const status: PageStatus = body.status === 'draft' ? 'draft' : 'current';
    const page: PageRecord = {
      id: state.nextId(),
      spaceId: space.id,
      parentId,
      status,
      authorId: state.bot.accountId,
      createdAt: at,
      versions: [{ number: 1, title, body: value, authorId: state.bot.accountId, createdAt: at, message: '' }],
      labels: [],
    };
    state.pages.set(page.id, page);
    res.status(200).json(serializePageV2(page, state, 'storage'));
  });

  router.put(`${V2}/pages/:id`, (req, res) => {
    const state = stateOf(states, res);
    const page = livePage(state, pathParam(req, 'id'));
    const body = jsonBody(req);
    const version = body.version as { number?: unknown; message?: unknown } | undefined;
    const current = currentVersion(page);
    if (typeof version?.number !== 'number') throw invalid('version.number is required');
    if (version.number !== current.number + 1)
      throw conflict(`Version must be incremented on update. Current version is: ${current.number}`);
    if (typeof body.title !== 'string' || !body.title.trim()) throw invalid('A page needs a title');
    const status = body.status === undefined ? page.status : String(body.status);
    if (status !== 'current' && status !== 'draft') throw invalid(`status must be current or draft, was ${status}`);
    page.versions.push({
      number: version.number,
      title: body.title.trim(),
      body: storageBody(body.body),
      authorId: state.bot.accountId,
      createdAt: nowIso(),
      message: typeof version.message === 'string' ? version.message : '',
    });
    page.status = status;
    res.json(serializePageV2(page, state, 'storage'));
  });

  router.delete(`${V2}/pages/:id`, (req, res) => {
    const state = stateOf(states, res);
    const page = livePage(state, pathParam(req, 'id'), true);
    if (page.status === 'trashed') {
      if (queryParam(req, 'purge') !== 'true') throw notFound(`No content found with id: ${page.id}`);
      state.pages.delete(page.id);
    } else page.status = 'trashed';
    res.status(204).end();
  });

  router.get(`${V2}/pages/:id/footer-comments`, (req, res) => {
    const state = stateOf(states, res);
    const page = livePage(state, pathParam(req, 'id'));
    listV2(
      req,
      res,
      state.comments
        .filter((c) => c.pageId === page.id)
        .map((c) => serializeCommentV2(c, queryParam(req, 'body-format'))),
      `comments ${page.id}`,
    );
  });

  router.post(`${V2}/footer-comments`, (req, res) => {
    const state = stateOf(states, res);
    const body = jsonBody(req);
    const page = livePage(state, String(body.pageId ?? ''));
    const comment = {
      id: state.nextId(),
      pageId: page.id,
      body: storageBody(body.body),
      authorId: state.bot.accountId,
      createdAt: nowIso(),
    };
    state.comments.push(comment);
    res.status(201).json(serializeCommentV2(comment, 'storage'));
  });

  router.get(`${V2}/pages/:id/attachments`, (req, res) => {
    const state = stateOf(states, res);
    const page = livePage(state, pathParam(req, 'id'));
    listV2(
      req,
      res,
      state.attachments.filter((a) => a.pageId === page.id).map(serializeAttachmentV2),
      `attachments ${page.id}`,
    );
  });

  router.get(`${V2}/pages/:id/labels`, (req, res) => {
    const state = stateOf(states, res);
    const page = livePage(state, pathParam(req, 'id'));
    listV2(
      req,
      res,
      page.labels.map((name) => labelNamed(state, name)),
      `labels ${page.id}`,
    );
  });
}
