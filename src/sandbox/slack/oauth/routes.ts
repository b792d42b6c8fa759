import { randomBytes } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { SANDBOX_CREDENTIALS, WORKSPACE_IDS, type WorkspaceId } from '../../credentials.js';
import type { FakeContext } from '../../fake-upstream.js';
import { consentPage, workspaceOf } from '../../kit/index.js';
import type { SlackState } from '../state.js';

type States = Record<WorkspaceId, SlackState>;

const CODE_SECONDS = 600;

/** Slack answers every Web API call with 200 and `{ok: false, error}` when it fails. */
const slackError = (res: Response, error: string): void => void res.json({ ok: false, error });

const stringsOf = (source: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((source ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );

const scopeList = (value: string | undefined): string[] => (value ?? '').split(/[ ,]+/).filter(Boolean);

const clientKnown = (clientId: string | undefined, clientSecret?: string): boolean =>
  WORKSPACE_IDS.some(
    (id) =>
      SANDBOX_CREDENTIALS[id].slack.clientId === clientId &&
      (clientSecret === undefined || SANDBOX_CREDENTIALS[id].slack.clientSecret === clientSecret),
  );

function redirectTo(res: Response, redirectUri: string, params: Record<string, string | undefined>): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  res.redirect(302, target.toString());
}

/**
 * Slack's OAuth v2: the install page (`slack.com/oauth/v2/authorize`, bot `scope` and `user_scope`) and
 * `oauth.v2.access`, which exchanges a code for a bot token and the installing user's token. Every
 * person of both workspaces can install into their own workspace's team.
 */
export function slackOAuthRoutes(router: Router, states: States, ctx: FakeContext): void {
  router.get('/oauth/v2/authorize', (req, res) => {
    const query = stringsOf(req.query);
    if (!clientKnown(query.client_id))
      return void res.status(400).type('html').send('<h1>Invalid client_id parameter</h1>');
    if (!query.scope && !query.user_scope)
      return void res.status(400).type('html').send('<h1>Invalid permissions requested</h1>');
    const accounts = Object.values(states).flatMap((state) => state.people);
    res.type('html').send(
      consentPage({
        provider: 'Slack',
        query,
        accounts,
        scopes: [...scopeList(query.scope), ...scopeList(query.user_scope)],
        appName: 'Constellation',
        action: 'approve',
      }),
    );
  });

  router.post('/oauth/v2/approve', (req, res) => {
    const form = stringsOf(req.body);
    if (!clientKnown(form.client_id) || !form.redirect_uri)
      return void res.status(400).type('html').send('<h1>Invalid request</h1>');
    if (form.deny) return redirectTo(res, form.redirect_uri, { error: 'access_denied', state: form.state });
    const state = Object.values(states).find((s) => s.people.some((p) => p.email === form.account));
    const person = state?.people.find((p) => p.email === form.account);
    if (!state || !person) return void res.status(400).type('html').send('<h1>Unknown account</h1>');
    const code = `${state.team.id}.${randomBytes(18).toString('hex')}`;
    state.oauth.codes.set(code, {
      personIndex: person.index,
      clientId: form.client_id,
      redirectUri: form.redirect_uri,
      botScopes: scopeList(form.scope),
      userScopes: scopeList(form.user_scope),
      expiresAt: ctx.clock.now() + CODE_SECONDS * 1000,
    });
    redirectTo(res, form.redirect_uri, { code, state: form.state });
  });

  router.post('/api/oauth.v2.access', (req, res) => exchange(req, res, states, ctx));
}

function exchange(req: Request, res: Response, states: States, ctx: FakeContext): void {
  const form = stringsOf(req.body);
  const basic = req.get('authorization')?.match(/^basic\s+(\S+)$/i)?.[1];
  const [clientId, clientSecret] = basic
    ? Buffer.from(basic, 'base64').toString('utf8').split(':')
    : [form.client_id, form.client_secret];
  if (!clientKnown(clientId)) return slackError(res, 'invalid_client_id');
  if (!clientKnown(clientId, clientSecret)) return slackError(res, 'bad_client_secret');
  const code = form.code ?? '';
  const state = Object.values(states).find((s) => s.oauth.codes.has(code));
  const pending = state?.oauth.codes.get(code);
  state?.oauth.codes.delete(code);
  if (!state || !pending || pending.expiresAt <= ctx.clock.now() || pending.clientId !== clientId)
    return slackError(res, 'invalid_code');
  if (pending.redirectUri && form.redirect_uri !== pending.redirectUri) return slackError(res, 'bad_redirect_uri');
  const person = state.people[pending.personIndex];
  const userToken = pending.userScopes.length ? `xoxp-${state.team.id}-${randomBytes(12).toString('hex')}` : undefined;
  const botToken = pending.botScopes.length ? `xoxb-${state.team.id}-${randomBytes(12).toString('hex')}` : undefined;
  if (userToken) state.oauth.userTokens.set(userToken, { personIndex: person.index, scopes: pending.userScopes });
  if (botToken) state.oauth.botTokens.set(botToken, { scopes: pending.botScopes });
  res.json({
    ok: true,
    app_id: state.appId,
    ...(botToken
      ? { access_token: botToken, token_type: 'bot', scope: pending.botScopes.join(','), bot_user_id: state.botUserId }
      : {}),
    authed_user: {
      id: person.slackId,
      ...(userToken ? { scope: pending.userScopes.join(','), access_token: userToken, token_type: 'user' } : {}),
    },
    team: { id: state.team.id, name: state.team.name },
    enterprise: null,
    is_enterprise_install: false,
  });
}

/** The token of a Web API call (bearer header or `token` field), and who it stands for. */
function tokenOf(req: Request): string | undefined {
  return req.get('authorization')?.match(/^bearer\s+(\S+)$/i)?.[1] ?? stringsOf(req.body).token;
}

/** `auth.test` and `auth.revoke`: who a token is, and forgetting a token. */
export function slackIdentityRoutes(router: Router, states: States): void {
  router.all('/api/auth.test', (req, res) => {
    const state = states[workspaceOf(res)];
    const user = state.oauth.userTokens.get(tokenOf(req) ?? '');
    const person = user ? state.people[user.personIndex] : undefined;
    res.json({
      ok: true,
      url: `https://${state.team.domain}.slack.com/`,
      team: state.team.name,
      team_id: state.team.id,
      user: person ? person.login : 'constellation',
      user_id: person ? person.slackId : state.botUserId,
      ...(person ? {} : { bot_id: state.botUserId }),
      is_enterprise_install: false,
    });
  });

  router.all('/api/auth.revoke', (req, res) => {
    const state = states[workspaceOf(res)];
    const token = tokenOf(req) ?? '';
    const revoked = state.oauth.userTokens.delete(token) || state.oauth.botTokens.delete(token);
    res.json({ ok: true, revoked });
  });
}

/** The workspace whose team a Web API token belongs to (the sandbox's static bot tokens included). */
export function workspaceOfSlackToken(states: States, token: string): WorkspaceId | undefined {
  return (Object.keys(states) as WorkspaceId[]).find(
    (id) => states[id].oauth.botTokens.has(token) || states[id].oauth.userTokens.has(token),
  );
}

/**
 * An installation made ahead of time (demo mode's pre-authorized users): the bot and user tokens
 * `oauth.v2.access` would have given that person.
 */
export function installAhead(
  state: SlackState,
  personIndex: number,
  scopes: { bot: string[]; user: string[] },
): { botToken: string; userToken: string } {
  const botToken = `xoxb-${state.team.id}-${randomBytes(12).toString('hex')}`;
  const userToken = `xoxp-${state.team.id}-${randomBytes(12).toString('hex')}`;
  state.oauth.botTokens.set(botToken, { scopes: scopes.bot });
  state.oauth.userTokens.set(userToken, { personIndex, scopes: scopes.user });
  return { botToken, userToken };
}
