import { hash } from 'node:crypto';
import { canonicalJson } from '../../analytics/cache.js';
import type { ExecutionEvent, ExecutionObserver } from '../../toolkit/executor.js';
import type { GovernancePolicy } from '../policy-hooks.js';
import { maskValue } from '../secrets.js';
import type { QueuedAct } from './record.js';

/** SHA-256 of a value's canonical JSON, credentials masked first (a digest must not let one be guessed). */
export const argumentsDigest = (masked: unknown): string => hash('sha256', canonicalJson(masked) ?? '');

/**
 * Every finished tool call, on any surface, as an audit record. The executor does not see the upstreams'
 * request ids (the SDKs keep them), so records carry none yet. What the policy says is read at the call;
 * the arguments are masked and digested when the record is appended, after the answer.
 */
export function auditObserver(
  record: (act: QueuedAct) => void,
  policy: GovernancePolicy,
  node: string,
): ExecutionObserver {
  return (event: ExecutionEvent) => {
    const { caller, tool, error, args } = event;
    const keepsValues = policy.keepsArgumentValues(caller.tenantId, caller.userEmail);
    record(() => {
      const masked = maskValue(args);
      return {
        tenantId: caller.tenantId,
        tenantEpoch: caller.tenantEpoch,
        at: event.startedAt,
        kind: 'tool_call',
        action: tool.qualifiedName,
        user: caller.userEmail,
        client: caller.client,
        node,
        argsDigest: argumentsDigest(masked),
        args: keepsValues ? masked : undefined,
        outcome: event.success ? 'ok' : (error?.code ?? 'INTERNAL_ERROR'),
        durationMs: event.durationMs,
        detail: error?.code === 'SECRET_DETECTED' ? { secrets: error.details } : undefined,
      };
    });
  };
}
