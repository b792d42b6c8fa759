import type { Request, RequestHandler } from 'express';
import { ManualClock } from '../helpers/clock.js';
import { serveApp, type ServedApp } from '../helpers/serve-app.js';
import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import {
  cursorFields,
  cursorPage,
  fakeRouter,
  invalid,
  jsonBody,
  linkPage,
  notFound,
  offsetPage,
  RateBudgets,
  readCursorPage,
  readLinkPage,
  readOffsetPage,
  retryAfterHeaders,
  workspaceOf,
  workspaceRateLimit,
  type ErrorShape,
  type ParamSource,
  type RateHeaderStyle,
} from '../../src/sandbox/kit/index.js';

/** The items every listing of the demo fake pages through: 57 of them, so no page size divides it. */
export const ITEMS = Array.from({ length: 57 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}` }));

export interface DemoFakeOptions {
  errors: ErrorShape;
  auth: RequestHandler;
  rateHeaders?: RateHeaderStyle;
  /** Requests a workspace may make in a minute (default plenty). */
  budget?: number;
}

export interface DemoFake extends ServedApp {
  clock: ManualClock;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  post(
    path: string,
    body: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

const scopeOf = (req: Request): string => `${req.method} ${req.baseUrl}${req.path}`;

/**
 * A minimal fake built only from the kit, served over real HTTP: one listing per paging style, a
 * lookup, a create with validation. It is what a new fake's wiring looks like.
 */
export async function startDemoFake(options: DemoFakeOptions): Promise<DemoFake> {
  const clock = new ManualClock(SANDBOX_EPOCH);
  const router = fakeRouter({
    errors: options.errors,
    auth: options.auth,
    rateLimit: workspaceRateLimit({
      budgets: new RateBudgets({ default: { limit: options.budget ?? 10_000, windowSeconds: 60 } }, clock),
      style: options.rateHeaders ?? retryAfterHeaders,
    }),
    routes(r) {
      r.get('/whoami', (_req, res) => res.json({ workspace: workspaceOf(res) }));
      r.get('/link', (req, res) => {
        const page = linkPage(
          ITEMS,
          readLinkPage(req.query as ParamSource),
          new URL(req.originalUrl, `${req.protocol}://${req.get('host')}`),
        );
        if (page.link) res.setHeader('Link', page.link);
        res.json(page.items);
      });
      r.get('/offset', (req, res) => {
        const { values, ...paging } = offsetPage(ITEMS, readOffsetPage(req.query as ParamSource));
        res.json({ ...paging, values });
      });
      r.post('/notion', (req, res) => {
        const page = cursorPage(
          ITEMS,
          readCursorPage(jsonBody(req), {
            cursor: 'start_cursor',
            limit: 'page_size',
            defaultLimit: 100,
            maxLimit: 100,
          }),
          scopeOf(req),
        );
        res.json({ object: 'list', results: page.items, ...cursorFields.notion(page), type: 'page_or_database' });
      });
      r.get('/slack', (req, res) => {
        const page = cursorPage(
          ITEMS,
          readCursorPage(req.query as ParamSource, {
            cursor: 'cursor',
            limit: 'limit',
            defaultLimit: 100,
            maxLimit: 1000,
          }),
          scopeOf(req),
        );
        res.json({ ok: true, members: page.items, ...cursorFields.slack(page) });
      });
      r.get('/google', (req, res) => {
        const page = cursorPage(
          ITEMS,
          readCursorPage(req.query as ParamSource, {
            cursor: 'pageToken',
            limit: 'maxResults',
            defaultLimit: 25,
            maxLimit: 50,
          }),
          scopeOf(req),
        );
        res.json({ kind: 'demo#items', items: page.items, ...cursorFields.google(page) });
      });
      r.get('/items/:id', (req, res) => {
        const item = ITEMS.find((i) => String(i.id) === req.params.id);
        if (!item) throw notFound();
        res.json(item);
      });
      r.post('/items', (req, res) => {
        if (typeof jsonBody(req).name !== 'string')
          throw invalid('name is required', { details: { name: 'required' } });
        res.status(201).json({ id: ITEMS.length + 1, name: jsonBody(req).name });
      });
    },
  });
  const served = await serveApp(router, '/demo');
  const send = async (method: string, path: string, headers: Record<string, string>, body?: string) => {
    const response = await fetch(`${served.url}/demo${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
  return {
    ...served,
    clock,
    get: (path, headers = {}) => send('GET', path, headers),
    post: (path, body, headers = {}) => send('POST', path, headers, body),
  };
}
