import type { Request } from 'express';
import { SANDBOX_CREDENTIALS, WORKSPACE_IDS, type WorkspaceId } from '../credentials.js';
import { badRequest } from '../kit/index.js';
import { connectorOf, type Connector } from './connectors.js';
import { blankConsumer } from './seed.js';
import type { ConnectionRecord, ConsumerState, UnifyState, VaultSession } from './state.js';

/**
 * Every consumer of the sandbox's Apideck application: each workspace's demo consumer (seeded with the
 * workspace) and any other consumer id a request names, which starts with no connections. A consumer
 * sees only its own connections and records.
 */
export class Consumers {
  private readonly others = new Map<string, ConsumerState>();
  readonly sessions = new Map<string, VaultSession>();

  constructor(private readonly states: Record<WorkspaceId, UnifyState>) {}

  of(consumerId: string): ConsumerState {
    const workspace = WORKSPACE_IDS.find((id) => SANDBOX_CREDENTIALS[id].unify.consumerId === consumerId);
    if (workspace) return this.states[workspace].consumer;
    let consumer = this.others.get(consumerId);
    if (!consumer) this.others.set(consumerId, (consumer = blankConsumer(consumerId)));
    return consumer;
  }

  /** The consumer a request names in `x-apideck-consumer-id`. */
  ofRequest(req: Request): ConsumerState {
    const consumerId = req.get('x-apideck-consumer-id')?.trim();
    if (!consumerId)
      throw badRequest('Missing consumer ID', { details: 'The x-apideck-consumer-id header is required' });
    return this.of(consumerId);
  }
}

/**
 * The connection a unified call goes through: the one `x-apideck-service-id` names, or the consumer's
 * only enabled connection of the unified API. Apideck answers 400 when none, or several, fit.
 */
export function connectionFor(
  consumer: ConsumerState,
  unifiedApi: string,
  req: Request,
): { connection: ConnectionRecord; connector: Connector } {
  const serviceId = req.get('x-apideck-service-id')?.trim();
  const candidates = consumer.connections.filter(
    (c) => c.unifiedApi === unifiedApi && c.enabled && (!serviceId || c.serviceId === serviceId),
  );
  if (candidates.length !== 1) {
    const detail = serviceId
      ? `No ${unifiedApi} connection with service ${serviceId} for consumer ${consumer.consumerId}`
      : candidates.length === 0
        ? `No ${unifiedApi} connection for consumer ${consumer.consumerId}`
        : `Several ${unifiedApi} connections: name one in x-apideck-service-id`;
    throw badRequest('Invalid Service Id', { code: 'InvalidServiceIdError', details: detail });
  }
  const connection = candidates[0];
  return { connection, connector: connectorOf(connection.unifiedApi, connection.serviceId)! };
}
