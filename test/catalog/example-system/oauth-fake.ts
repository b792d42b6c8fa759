import { randomBytes } from 'node:crypto';
import express from 'express';
import type { FakeUpstream } from '../../../src/sandbox/fake-upstream.js';

/** The OAuth client the fake knows (one app for every workspace). */
export const NOTEBOOK_CLIENT = { clientId: 'notebook-client', clientSecret: 'notebook-secret' };

export interface NotebookState {
  notes: Map<string, Array<{ id: string; title: string }>>;
  /** Authorization code → the account that consented, and where the code may be redeemed. */
  codes: Map<string, { email: string; redirectUri: string }>;
  /** Access token → account. */
  tokens: Map<string, string>;
}

const token = (): string => randomBytes(12).toString('hex');

/**
 * A notebook service that people authorize one by one: an OAuth 2.0 server (`/authorize`, which
 * consents at once as the `login_hint` account, `/token`, `/userinfo`, `/revoke`) and the API the grant
 * opens (`/notes`, each person's own).
 */
export const notebookFake: FakeUpstream<NotebookState> = {
  prefix: '/notebook',
  seed: (workspace) => ({
    notes: new Map(workspace.people.map((p) => [p.email, [{ id: `note-${p.index}`, title: `${p.first}'s plan` }]])),
    codes: new Map(),
    tokens: new Map(),
  }),
  router(states) {
    const all = () => Object.values(states);
    const stateOf = (email: string) => all().find((state) => state.notes.has(email));
    const accountOf = (req: express.Request) => {
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      for (const state of all()) {
        const email = state.tokens.get(bearer);
        if (email) return { state, email };
      }
      return undefined;
    };
    const router = express.Router();
    router.use(express.urlencoded({ extended: false }));
    router.get('/authorize', (req, res) => {
      const { client_id, redirect_uri, state, login_hint } = req.query as Record<string, string | undefined>;
      const account = login_hint && stateOf(login_hint);
      if (client_id !== NOTEBOOK_CLIENT.clientId || !redirect_uri || !account || !login_hint)
        return void res.status(400).send('invalid authorization request');
      const code = token();
      account.codes.set(code, { email: login_hint, redirectUri: redirect_uri });
      const back = new URL(redirect_uri);
      back.search = new URLSearchParams({ code, ...(state ? { state } : {}) }).toString();
      res.redirect(302, back.toString());
    });
    router.post('/token', (req, res) => {
      const form = req.body as Record<string, string | undefined>;
      const known = all().find((state) => state.codes.has(form.code ?? ''));
      const grant = known?.codes.get(form.code ?? '');
      if (
        !known ||
        !grant ||
        form.client_secret !== NOTEBOOK_CLIENT.clientSecret ||
        form.redirect_uri !== grant.redirectUri
      )
        return void res.status(400).json({ error: 'invalid_grant' });
      known.codes.delete(form.code ?? '');
      const access = token();
      known.tokens.set(access, grant.email);
      res.json({ access_token: access, token_type: 'Bearer', scope: 'notes.read' });
    });
    router.post('/revoke', (req, res) => {
      for (const state of all()) state.tokens.delete((req.body as { token?: string }).token ?? '');
      res.status(200).end();
    });
    router.get('/userinfo', (req, res) => {
      const account = accountOf(req);
      if (!account) return void res.status(401).json({ error: 'invalid_token' });
      res.json({ email: account.email });
    });
    router.get('/notes', (req, res) => {
      const account = accountOf(req);
      if (!account) return void res.status(401).json({ error: 'invalid_token' });
      res.json({ notes: account.state.notes.get(account.email) ?? [] });
    });
    return router;
  },
};
