import type { Request, Router } from 'express';
import { SANDBOX_CREDENTIALS } from '../credentials.js';
import type { FakeContext } from '../fake-upstream.js';
import { badRequest } from '../kit/index.js';
import { CONNECTORS } from './connectors.js';
import type { Consumers } from './consumers.js';
import type { ConsumerState } from './state.js';

/** Request headers passed on to the downstream API (Apideck's own `x-apideck-*` and the API key never are). */
const FORWARDED = ['content-type', 'accept', 'notion-version'];
/** Notion refuses a request without its version header; Apideck's connector sends the one it was built on. */
const NOTION_VERSION = '2025-09-03';

/** The token the consumer's connection holds for a connector: the workspace's own credential of that provider. */
function tokenOf(consumer: ConsumerState, serviceId: string): string | undefined {
  const workspace = consumer.workspace?.id as keyof typeof SANDBOX_CREDENTIALS | undefined;
  if (!workspace) return undefined;
  const credentials = SANDBOX_CREDENTIALS[workspace];
  if (serviceId === 'google-calendar') return credentials.google.accessToken;
  if (serviceId === 'slack') return credentials.slack.token;
  if (serviceId === 'notion') return credentials.notion.token;
  return undefined;
}

async function bodyOf(req: Request): Promise<Buffer | string | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  // JSON was parsed by the router; anything else (Slack's form posts) is still the raw stream.
  if (req.is('application/json')) return req.body === undefined ? undefined : JSON.stringify(req.body);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? Buffer.concat(chunks) : undefined;
}

/**
 * The Proxy API (`/proxy`): the request goes to `x-apideck-downstream-url` with the method of
 * `x-apideck-downstream-method` (else the request's), authorized by the consumer's connection to the
 * `x-apideck-service-id` connector. Downstream URLs are the providers' real ones (Google Calendar,
 * Slack, Notion); the sandbox serves them from its own fakes, over HTTP on its own origin. The
 * downstream answer comes back as it is: status, content type and body.
 */
export function proxyRoutes(router: Router, consumers: Consumers, ctx: FakeContext): void {
  router.all('/proxy', async (req, res, next) => {
    try {
      const consumer = consumers.ofRequest(req);
      const serviceId = req.get('x-apideck-service-id')?.trim();
      const downstream = req.get('x-apideck-downstream-url')?.trim();
      if (!serviceId)
        throw badRequest('Missing service ID', {
          details: 'The x-apideck-service-id header is required for the Proxy API',
        });
      if (!downstream)
        throw badRequest('Missing downstream URL', {
          details: 'The x-apideck-downstream-url header is required for the Proxy API',
        });
      const connection = consumer.connections.find((c) => c.serviceId === serviceId && c.enabled);
      const connector = CONNECTORS.find((c) => c.serviceId === serviceId);
      const token = tokenOf(consumer, serviceId);
      if (!connection || !connector?.downstream || !token) {
        throw badRequest('Invalid Service Id', {
          code: 'InvalidServiceIdError',
          details: `No ${serviceId} connection for consumer ${consumer.consumerId}`,
        });
      }
      if (!downstream.startsWith(connector.downstream.base)) {
        throw badRequest('Invalid downstream URL', {
          details: `${serviceId} downstream URLs start with ${connector.downstream.base}`,
        });
      }
      const target =
        ctx.origin() + connector.downstream.sandboxPrefix + downstream.slice(connector.downstream.base.length);
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      for (const name of FORWARDED) {
        const value = req.get(name);
        if (value) headers[name] = value;
      }
      if (serviceId === 'notion') headers['notion-version'] ??= NOTION_VERSION;
      const method = (req.get('x-apideck-downstream-method') ?? req.method).toUpperCase();
      const answer = await fetch(target, { method, headers, body: await bodyOf(req) });
      res.status(answer.status);
      const type = answer.headers.get('content-type');
      if (type) res.setHeader('content-type', type);
      const retryAfter = answer.headers.get('retry-after');
      if (retryAfter) res.setHeader('retry-after', retryAfter);
      res.send(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  });
}
