import type { Request, Response, Router } from 'express';
import type { WorkspaceId } from '../credentials.js';
import type { FakeContext } from '../fake-upstream.js';
import {
  badRequest,
  cursorFields,
  cursorPage,
  invalid,
  jsonBody,
  notFound,
  pathParam,
  readCursorPage,
  workspaceOf,
} from '../kit/index.js';
import { notionCommentRoutes } from './comments.js';
import { checkFilter, matchesFilter, sortPages } from './query.js';
import { checkChildren, storeChildren } from './request-blocks.js';
import { normalId } from './rich-text.js';
import {
  pageTitle,
  serializeBlock,
  serializeDatabase,
  serializeDataSource,
  serializePage,
  serializeUser,
} from './serializers.js';
import type { BlockRecord, NotionState, PageParent, PageRecord } from './state.js';
import { propertyValues } from './values.js';

type States = Record<WorkspaceId, NotionState>;

const PAGE = { cursor: 'start_cursor', limit: 'page_size', defaultLimit: 100, maxLimit: 100 };

const stateOf = (states: States, res: Response): NotionState => states[workspaceOf(res)];
const idParam = (req: Request, name: string): string => normalId(pathParam(req, name));
const list = (res: Response, page: { items: unknown[]; nextCursor: string | null }, type: string): void =>
  void res.json({ object: 'list', results: page.items, ...cursorFields.notion(page), type, [type]: {} });

function livePage(state: NotionState, id: string): PageRecord {
  const page = state.pages.get(id);
  if (!page)
    throw notFound(
      `Could not find page with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
    );
  return page;
}

/**
 * Notion API 2025-09-03 (data sources): users, search, databases and their data sources, data source
 * queries with filters and sorts, pages (properties checked against the schema), blocks and their
 * children. Every request must name its `Notion-Version`.
 */
export function notionRoutes(router: Router, states: States, ctx: FakeContext): void {
  const nowIso = (): string => new Date(ctx.clock.now()).toISOString();
  router.use((req, _res, next) =>
    next(
      req.get('notion-version')
        ? undefined
        : badRequest(
            'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
            { code: 'missing_version' },
          ),
    ),
  );

  router.get(
    '/v1/users/me',
    (_req, res) => void res.json(serializeUser(stateOf(states, res), stateOf(states, res).bot)),
  );
  router.get('/v1/users', (req, res) => {
    const state = stateOf(states, res);
    list(
      res,
      cursorPage(
        [state.bot, ...state.users].map((u) => serializeUser(state, u)),
        readCursorPage(req.query, PAGE),
        'users',
      ),
      'user',
    );
  });
  router.get('/v1/users/:id', (req, res) => {
    const state = stateOf(states, res);
    const user = [state.bot, ...state.users].find((u) => u.id === idParam(req, 'id'));
    if (!user) throw notFound(`Could not find user with ID: ${pathParam(req, 'id')}.`);
    res.json(serializeUser(state, user));
  });

  router.post('/v1/search', (req, res) => {
    const state = stateOf(states, res);
    const body = jsonBody(req);
    const words = typeof body.query === 'string' ? body.query.trim().toLowerCase() : '';
    const kind = (body.filter as { value?: unknown } | undefined)?.value;
    if (kind !== undefined && kind !== 'page' && kind !== 'data_source')
      throw invalid('body.filter.value should be `"page"` or `"data_source"`.');
    const pages =
      kind === 'data_source'
        ? []
        : [...state.pages.values()]
            .filter((p) => !p.inTrash && pageTitle(p).toLowerCase().includes(words))
            .map((p) => ({ at: p.lastEditedTime, json: serializePage(state, p) }));
    const sources =
      kind === 'page'
        ? []
        : [...state.dataSources.values()]
            .filter((s) => s.title.toLowerCase().includes(words))
            .map((s) => ({ at: s.lastEditedTime, json: serializeDataSource(state, s) }));
    const ascending = (body.sort as { direction?: string } | undefined)?.direction === 'ascending';
    const found = [...pages, ...sources]
      .sort((a, b) => (ascending ? a.at.localeCompare(b.at) : b.at.localeCompare(a.at)))
      .map((r) => r.json);
    list(res, cursorPage(found, readCursorPage(body, PAGE), `search:${words}:${String(kind)}`), 'page_or_data_source');
  });

  router.get('/v1/databases/:id', (req, res) => {
    const state = stateOf(states, res);
    const database = state.databases.get(idParam(req, 'id'));
    if (!database)
      throw notFound(
        `Could not find database with ID: ${pathParam(req, 'id')}. Make sure the relevant pages and databases are shared with your integration.`,
      );
    res.json(serializeDatabase(state, database));
  });

  const dataSourceOf = (state: NotionState, req: Request) => {
    const source = state.dataSources.get(idParam(req, 'id'));
    if (!source)
      throw notFound(
        `Could not find data_source with ID: ${pathParam(req, 'id')}. Make sure the relevant pages and databases are shared with your integration.`,
      );
    return source;
  };
  router.get(
    '/v1/data_sources/:id',
    (req, res) => void res.json(serializeDataSource(stateOf(states, res), dataSourceOf(stateOf(states, res), req))),
  );
  router.post('/v1/data_sources/:id/query', (req, res) => {
    const state = stateOf(states, res);
    const source = dataSourceOf(state, req);
    const body = jsonBody(req);
    const filter = body.filter as Record<string, unknown> | undefined;
    checkFilter(source, filter);
    const rows = [...state.pages.values()].filter(
      (p) =>
        !p.inTrash &&
        p.parent.type === 'data_source_id' &&
        p.parent.data_source_id === source.id &&
        matchesFilter(source, p, filter),
    );
    const sorted = sortPages(source, rows, body.sorts).map((p) => serializePage(state, p));
    list(
      res,
      cursorPage(
        sorted,
        readCursorPage(body, PAGE),
        `query:${source.id}:${JSON.stringify(filter ?? null)}:${JSON.stringify(body.sorts ?? null)}`,
      ),
      'page_or_data_source',
    );
  });

  router.get(
    '/v1/pages/:id',
    (req, res) =>
      void res.json(serializePage(stateOf(states, res), livePage(stateOf(states, res), idParam(req, 'id')))),
  );
  router.post('/v1/pages', (req, res) => {
    const state = stateOf(states, res);
    const body = jsonBody(req);
    const parent = body.parent as
      { data_source_id?: string; database_id?: string; page_id?: string; workspace?: unknown } | undefined;
    let pageParent: PageParent;
    if (parent?.data_source_id || parent?.database_id) {
      const source = parent.data_source_id
        ? state.dataSources.get(normalId(parent.data_source_id))
        : [...state.dataSources.values()].find((s) => s.databaseId === normalId(parent.database_id ?? ''));
      if (!source)
        throw notFound(`Could not find data_source with ID: ${parent.data_source_id ?? parent.database_id}.`);
      pageParent = { type: 'data_source_id', data_source_id: source.id, database_id: source.databaseId };
    } else if (parent?.page_id) {
      livePage(state, normalId(parent.page_id));
      pageParent = { type: 'page_id', page_id: normalId(parent.page_id) };
    } else if (parent?.workspace === true) {
      // A public (OAuth) integration, as Apideck's connection is, may add pages at the workspace's top level.
      pageParent = { type: 'workspace', workspace: true };
    } else throw invalid('body.parent should have data_source_id, database_id, page_id or workspace.');
    const source = pageParent.type === 'data_source_id' ? state.dataSources.get(pageParent.data_source_id) : undefined;
    const properties = propertyValues(state, source, body.properties);
    const titleName = source ? Object.values(source.properties).find((p) => p.type === 'title')?.name : 'title';
    if (!titleName || !properties[titleName])
      throw invalid(`body.properties.${titleName ?? 'title'} should be defined: a page needs its title.`);
    const children = body.children === undefined ? [] : checkChildren(state, body.children);
    const id = state.nextId();
    const at = nowIso();
    const page: PageRecord = {
      id,
      parent: pageParent,
      properties,
      createdTime: at,
      lastEditedTime: at,
      createdBy: state.bot.id,
      lastEditedBy: state.bot.id,
      inTrash: false,
    };
    storeChildren(state, at, id, children);
    state.pages.set(id, page);
    res.json(serializePage(state, page));
  });
  router.patch('/v1/pages/:id', (req, res) => {
    const state = stateOf(states, res);
    const page = livePage(state, idParam(req, 'id'));
    const body = jsonBody(req);
    const source =
      page.parent.type === 'data_source_id' ? state.dataSources.get(page.parent.data_source_id) : undefined;
    if (page.inTrash && body.in_trash !== false && body.archived !== false)
      throw invalid(`Can't edit page that is archived. You must unarchive the page before editing.`);
    Object.assign(page.properties, propertyValues(state, source, body.properties));
    const trashed = body.in_trash ?? body.archived;
    if (typeof trashed === 'boolean') page.inTrash = trashed;
    page.lastEditedTime = nowIso();
    page.lastEditedBy = state.bot.id;
    res.json(serializePage(state, page));
  });

  const blockParent = (state: NotionState, id: string) => {
    if (!state.pages.has(id) && !state.blocks.has(id))
      throw notFound(
        `Could not find block with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
      );
    return id;
  };
  router.get('/v1/blocks/:id', (req, res) => {
    const state = stateOf(states, res);
    const block = state.blocks.get(idParam(req, 'id'));
    if (!block) throw notFound(`Could not find block with ID: ${pathParam(req, 'id')}.`);
    res.json(serializeBlock(state, block));
  });
  router.get('/v1/blocks/:id/children', (req, res) => {
    const state = stateOf(states, res);
    const parent = blockParent(state, idParam(req, 'id'));
    const blocks = (state.children.get(parent) ?? [])
      .map((id) => state.blocks.get(id))
      .filter((b): b is BlockRecord => !!b && !b.inTrash);
    list(
      res,
      cursorPage(
        blocks.map((b) => serializeBlock(state, b)),
        readCursorPage(req.query, PAGE),
        `children:${parent}`,
      ),
      'block',
    );
  });
  router.patch('/v1/blocks/:id/children', (req, res) => {
    const state = stateOf(states, res);
    const parent = blockParent(state, idParam(req, 'id'));
    const ids = storeChildren(state, nowIso(), parent, checkChildren(state, jsonBody(req).children));
    list(
      res,
      { items: ids.map((id) => serializeBlock(state, state.blocks.get(id) as BlockRecord)), nextCursor: null },
      'block',
    );
  });
  notionCommentRoutes(router, states, ctx);
}
