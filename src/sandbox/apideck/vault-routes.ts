import { randomBytes } from 'node:crypto';
import type { Router } from 'express';
import type { FakeContext } from '../fake-upstream.js';
import { invalid, jsonBody, notFound, pathParam, queryParam } from '../kit/index.js';
import { CONNECTORS, UNIFIED_API_IDS, type Connector } from './connectors.js';
import type { Consumers } from './consumers.js';
import { sendVault } from './envelope.js';
import type { ConnectionRecord, ConsumerState } from './state.js';

/** Hosted Vault sessions live an hour (Apideck's TTL). */
const SESSION_SECONDS = 3600;

/** Apideck's Connection object for one connector as a consumer sees it: callable when connected, else available. */
function connectionOf(connector: Connector, connection: ConnectionRecord | undefined) {
  return {
    id: `${connector.unifiedApi}+${connector.serviceId}`,
    service_id: connector.serviceId,
    name: connector.name,
    tag_line: connector.tagLine,
    unified_api: connector.unifiedApi,
    state: connection ? 'callable' : 'available',
    integration_state: 'configured',
    auth_type: 'oauth2',
    oauth_grant_type: 'authorization_code',
    status: 'live',
    enabled: connection?.enabled ?? false,
    website: connector.website,
    icon: `https://res.cloudinary.com/apideck/image/upload/catalog/${connector.serviceId}/icon128x128.png`,
    logo: `https://res.cloudinary.com/apideck/image/upload/catalog/${connector.serviceId}/logo.png`,
    ...(connection
      ? { health: 'ok', created_at: connection.createdAt, updated_at: connection.updatedAt }
      : { updated_at: null }),
  };
}

const connectionRecordOf = (consumer: ConsumerState, connector: Connector) =>
  consumer.connections.find((c) => c.unifiedApi === connector.unifiedApi && c.serviceId === connector.serviceId);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a Session body (`redirect_uri`, `settings.unified_apis`, `theme`, `consumer_metadata`), refusing what Apideck refuses (422). */
function sessionRequest(body: Record<string, unknown>) {
  const problems: string[] = [];
  const known = new Set(['consumer_metadata', 'redirect_uri', 'settings', 'theme', 'custom_consumer_settings']);
  for (const field of Object.keys(body)) if (!known.has(field)) problems.push(`"${field}" is not allowed`);
  const redirectUri = body.redirect_uri;
  if (redirectUri !== undefined && (typeof redirectUri !== 'string' || !URL.canParse(redirectUri)))
    problems.push('"redirect_uri" must be a valid URI');
  const settings = body.settings === undefined ? {} : body.settings;
  const theme = body.theme === undefined ? {} : body.theme;
  if (!isObject(settings)) problems.push('"settings" must be an object');
  if (!isObject(theme)) problems.push('"theme" must be an object');
  const unifiedApis = isObject(settings) ? (settings.unified_apis ?? []) : [];
  if (
    !Array.isArray(unifiedApis) ||
    unifiedApis.some((api) => typeof api !== 'string' || !(UNIFIED_API_IDS as readonly string[]).includes(api))
  ) {
    problems.push(`"settings.unified_apis" must list unified API ids (${UNIFIED_API_IDS.join(', ')})`);
  }
  const themeOf = (field: string): string | undefined =>
    isObject(theme) && typeof theme[field] === 'string' ? theme[field] : undefined;
  if (problems.length) throw invalid('Invalid session request body', { details: problems.join('; ') });
  return {
    redirectUri: redirectUri as string | undefined,
    unifiedApis: unifiedApis as string[],
    vaultName: themeOf('vault_name'),
    primaryColor: themeOf('primary_color'),
    consumerMetadata: isObject(body.consumer_metadata) ? body.consumer_metadata : undefined,
  };
}

/** Vault: sessions (`POST /vault/sessions`) and the consumer's connections (`GET /vault/connections[/{unified_api}/{service_id}]`). */
export function vaultRoutes(router: Router, consumers: Consumers, ctx: FakeContext): void {
  router.post('/vault/sessions', (req, res) => {
    const consumer = consumers.ofRequest(req);
    const request = sessionRequest(jsonBody(req));
    const token = randomBytes(24).toString('base64url');
    consumers.sessions.set(token, {
      token,
      consumerId: consumer.consumerId,
      ...request,
      expiresAt: ctx.clock.now() + SESSION_SECONDS * 1000,
    });
    sendVault(res, { session_uri: `${ctx.origin()}/unify/vault/session/${token}`, session_token: token });
  });

  router.get('/vault/connections', (req, res) => {
    const consumer = consumers.ofRequest(req);
    const api = queryParam(req, 'api');
    const configured = queryParam(req, 'configured');
    const rows = CONNECTORS.filter((connector) => !api || connector.unifiedApi === api)
      .map((connector) => ({ connector, connection: connectionRecordOf(consumer, connector) }))
      .filter(({ connection }) => configured !== 'true' || connection !== undefined);
    sendVault(
      res,
      rows.map(({ connector, connection }) => connectionOf(connector, connection)),
    );
  });

  router.get('/vault/connections/:unified_api/:service_id', (req, res) => {
    const consumer = consumers.ofRequest(req);
    const connector = CONNECTORS.find(
      (c) => c.unifiedApi === pathParam(req, 'unified_api') && c.serviceId === pathParam(req, 'service_id'),
    );
    if (!connector)
      throw notFound('Unknown Resource', {
        details: `No connector ${pathParam(req, 'service_id')} in unified API ${pathParam(req, 'unified_api')}`,
      });
    sendVault(res, connectionOf(connector, connectionRecordOf(consumer, connector)));
  });
}
