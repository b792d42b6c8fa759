import express, { type Request, type Response } from 'express';
import { auditActOf } from '../../governance/confirmations/events.js';
import { closedState, messagePage, reviewPage, signInPage } from '../../governance/confirmations/page.js';
import { PageSession } from '../../governance/confirmations/page-session.js';
import type { Confirmation } from '../../governance/confirmations/store.js';
import { tokenOf, verifiedCaller } from '../auth.js';
import type { RouteContext } from '../route-context.js';
import type { Operation, RouteModule } from '../route-module.js';

const COOKIE = 'constellation_confirmation';
const PATH = '/confirmations/{id}';

type Deps = Pick<RouteContext, 'config' | 'tokens' | 'clock' | 'log' | 'governance'>;

const OPERATION = {
  path: PATH,
  tag: 'confirmations',
  security: 'none',
  response: { text: 'text/html' },
  rateLimit: 'general',
} satisfies Partial<Operation>;

const DECISION_BODY = {
  type: 'object',
  properties: {
    access_token: { type: 'string', description: 'The person signs in with their Constellation token' },
    decision: { enum: ['confirm', 'decline'] },
    form_token: { type: 'string', description: "The review page's hidden anti-forgery value" },
  },
};

/** Who opened the page, measured against the person the confirmation is for. */
type Person = 'nobody' | 'unknown' | 'other' | 'owner';

const cookieOf = (req: Request, name: string): string | undefined =>
  req
    .get('cookie')
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

/**
 * The page where a person confirms or declines what an assistant asked to do (`GET /confirmations/{id}`,
 * and its form's `POST`). Only the person the confirmation is for may see or decide it: they sign in with
 * their token (sent in a header by a host, or typed into the page's form: never in the URL), after which a
 * cookie scoped to this one confirmation carries them. Decisions carry the review page's anti-forgery value.
 */
export const confirmationRoutes: RouteModule<Deps> = (routes, app) => {
  const session = new PageSession(app.config.jwtSecret);
  const store = app.governance.confirmationStore;

  const personOf = async (req: Request, confirmation: Confirmation): Promise<Person> => {
    const body = req.body as Record<string, unknown> | undefined;
    const typed = typeof body?.access_token === 'string' ? body.access_token.trim() : '';
    const token = tokenOf(req) ?? (typed || undefined);
    if (token) {
      const caller = await verifiedCaller(app, req, token).catch(() => undefined);
      if (!caller) return 'unknown';
      const user = (caller.userEmail ?? '').toLowerCase();
      return caller.tenantId === confirmation.tenantId && user === confirmation.userId.toLowerCase()
        ? 'owner'
        : 'other';
    }
    return session.ticketMatches(confirmation, cookieOf(req, COOKIE)) ? 'owner' : 'nobody';
  };

  const send = (res: Response, status: number, html: string) =>
    void res
      .status(status)
      .set({
        'Cache-Control': 'no-store',
        'X-Frame-Options': 'DENY',
        'Content-Security-Policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
      })
      .type('html')
      .send(html);

  const serve = async (req: Request, res: Response, deciding: boolean): Promise<void> => {
    const id = String(req.params.id);
    const here = `/confirmations/${encodeURIComponent(id)}`;
    const confirmation = await store.get(id);
    if (!confirmation)
      return send(
        res,
        404,
        messagePage('No such confirmation', 'This link names no confirmation: it may be cut short.'),
      );
    const person = await personOf(req, confirmation);
    if (person === 'nobody') return send(res, 401, signInPage(here));
    if (person === 'unknown')
      return send(res, 401, messagePage('Token not accepted', 'The token given is not valid or has expired.'));
    if (person === 'other') {
      app.governance.recordAct(
        auditActOf({
          binding: confirmation,
          event: 'refused',
          id,
          reason: 'the confirmation page was opened by another user',
        }),
      );
      return send(
        res,
        403,
        messagePage('Not yours to confirm', 'This action was asked for by another user: only they can decide it.'),
      );
    }
    const now = app.clock.now();
    const closed = closedState(confirmation, now);
    if (closed) return send(res, closed.title === 'Expired' ? 410 : 200, messagePage(closed.title, closed.text));
    const body = req.body as Record<string, unknown> | undefined;
    const decision = deciding ? body?.decision : undefined;
    if (decision === undefined) {
      const maxAge = Math.max(1, Math.floor((confirmation.expiresAt - now) / 1000));
      res.append(
        'Set-Cookie',
        `${COOKIE}=${session.ticket(confirmation)}; Path=${here}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${req.secure ? '; Secure' : ''}`,
      );
      return send(res, 200, reviewPage(confirmation, session.formValue(confirmation), here));
    }
    if (!session.formValueMatches(confirmation, body?.form_token))
      return send(
        res,
        403,
        messagePage('Form not accepted', 'Decide from the confirmation page itself: open the link again.'),
      );
    if (decision !== 'confirm' && decision !== 'decline')
      return send(res, 400, messagePage('Unknown decision', 'Choose Confirm or Decline.'));
    const status = decision === 'confirm' ? 'confirmed' : 'declined';
    if (await store.decide(id, confirmation.userId, status, now))
      app.governance.recordAct(
        auditActOf({ binding: confirmation, event: status, id, reason: 'decided on the confirmation page' }),
      );
    const after = (await store.get(id)) ?? confirmation;
    const shown = closedState(after, now) ?? { title: 'Not decided', text: 'Open the link again to decide.' };
    send(res, 200, messagePage(shown.title, shown.text));
  };

  const handle = (deciding: boolean) => (req: Request, res: Response) => {
    serve(req, res, deciding).catch((error: unknown) => {
      app.log.error('confirmation page failed', { error: error instanceof Error ? error.message : String(error) });
      send(
        res,
        500,
        messagePage('Something went wrong', 'The confirmation could not be shown. Try again in a moment.'),
      );
    });
  };

  routes.add(
    {
      ...OPERATION,
      method: 'get',
      operationId: 'getConfirmation',
      summary: 'The page where a person reviews an action',
    },
    handle(false),
  );
  routes.add(
    {
      ...OPERATION,
      method: 'post',
      operationId: 'decideConfirmation',
      summary: 'Sign in to, confirm or decline an action a person must confirm',
      body: DECISION_BODY,
      bodyMediaType: 'application/x-www-form-urlencoded',
    },
    express.urlencoded({ extended: false, limit: '8kb' }),
    handle(true),
  );
};
