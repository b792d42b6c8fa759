import type { Request, Router } from 'express';
import type { FakeContext } from '../fake-upstream.js';
import { notFound, pathParam } from '../kit/index.js';
import { CONNECTORS, type Connector } from './connectors.js';
import type { Consumers } from './consumers.js';
import type { VaultSession } from './state.js';

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The connectors a session shows: those of its unified APIs, or all. */
const shownBy = (session: VaultSession): Connector[] =>
  CONNECTORS.filter((c) => session.unifiedApis.length === 0 || session.unifiedApis.includes(c.unifiedApi));

/**
 * Hosted Vault, where a session's `session_uri` leads: the consumer sees the connectors the session
 * offers and connects one (the sandbox's stand-in for the provider's consent), then returns to the
 * session's `redirect_uri` when it has one. Served without the API key: the token is the credential.
 */
export function sessionPageRoutes(router: Router, consumers: Consumers, ctx: FakeContext): void {
  const sessionOf = (req: Request): VaultSession => {
    const session = consumers.sessions.get(pathParam(req, 'token'));
    if (!session || session.expiresAt <= ctx.clock.now())
      throw notFound('Unknown Resource', { details: 'The Vault session does not exist or has expired' });
    return session;
  };

  router.get('/vault/session/:token', (req, res) => {
    const session = sessionOf(req);
    const consumer = consumers.of(session.consumerId);
    const rows = shownBy(session)
      .map((connector) => {
        const connected = consumer.connections.some(
          (c) => c.unifiedApi === connector.unifiedApi && c.serviceId === connector.serviceId,
        );
        const action = connected
          ? '<span class="state">connected</span>'
          : `<form method="post" action="${escape(req.baseUrl + req.path)}/connect"><input type="hidden" name="connection" value="${connector.unifiedApi}+${connector.serviceId}"><button>Connect</button></form>`;
        return `<li data-connection="${connector.unifiedApi}+${connector.serviceId}">${escape(connector.name)} (${connector.unifiedApi}) ${action}</li>`;
      })
      .join('');
    const color =
      session.primaryColor && /^#[0-9a-f]{3,8}$/i.test(session.primaryColor) ? session.primaryColor : '#286efa';
    res
      .type('html')
      .send(
        `<!doctype html><html><head><title>${escape(session.vaultName ?? 'Apideck Vault')}</title><style>h1{color:${color}}</style></head><body><h1>${escape(session.vaultName ?? 'Apideck Vault')}</h1><ul>${rows}</ul></body></html>`,
      );
  });

  router.post('/vault/session/:token/connect', (req, res) => {
    const session = sessionOf(req);
    const wanted = String((req.body as Record<string, unknown> | undefined)?.connection ?? '');
    const connector = shownBy(session).find((c) => `${c.unifiedApi}+${c.serviceId}` === wanted);
    if (!connector) throw notFound('Unknown Resource', { details: `This session offers no connector ${wanted}` });
    const consumer = consumers.of(session.consumerId);
    const now = ctx.clock.now();
    if (
      !consumer.connections.some((c) => c.unifiedApi === connector.unifiedApi && c.serviceId === connector.serviceId)
    ) {
      consumer.connections.push({
        unifiedApi: connector.unifiedApi,
        serviceId: connector.serviceId,
        createdAt: now,
        updatedAt: now,
        enabled: true,
      });
    }
    res.redirect(303, session.redirectUri ?? req.baseUrl + `/vault/session/${session.token}`);
  });
}
