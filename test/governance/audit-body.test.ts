import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/analytics/cache.js';
import { bodyOf } from '../../src/governance/audit/chain.js';
import type { AuditEntry } from '../../src/governance/audit/record.js';

const call: AuditEntry = {
  tenantId: 'acme',
  tenantEpoch: 'e1',
  at: 1_764_300_000_000,
  kind: 'tool_call',
  action: 'code_host_get_repository',
  user: 'ada@acme.test',
  client: 'claude-desktop/1.0',
  node: 'node-1',
  argsDigest: 'f'.repeat(64),
  outcome: 'ok',
  durationMs: 1.23456,
};

/** What a record's body has always been: its fields' canonical JSON, tenant and time left out. */
const canonicalBodyOf = ({ tenantId: _t, tenantEpoch: _e, at: _a, argsDigest, durationMs, ...rest }: AuditEntry) =>
  canonicalJson({
    ...rest,
    args_digest: argsDigest,
    duration_ms: durationMs === undefined ? undefined : Math.round(durationMs * 1000) / 1000,
  });

describe('audit record body', () => {
  it.each<[string, AuditEntry]>([
    ['a call', call],
    [
      'a call whose arguments are kept, refused for the secrets it carried',
      {
        ...call,
        args: { repo_id: 'acme/api', nested: { z: 1, a: [{ y: 'é', b: null }] }, token: '[REDACTED]' },
        outcome: 'SECRET_DETECTED',
        detail: { secrets: [{ kind: 'github_token', path: 'token' }] },
      },
    ],
    [
      'an administrator’s act, without user, client, digest or duration',
      { tenantId: 'acme', at: 1, kind: 'admin', action: 'policy.update', node: 'n', outcome: 'ok' },
    ],
    ['an act with a field beyond the known ones', { ...call, extra: 'kept' } as AuditEntry],
    ['a quoted value', { ...call, user: 'a "quoted" \\ user\n' }],
  ])('is the canonical JSON of its fields: %s', (_name, entry) => {
    const body = bodyOf(entry);
    expect(body).toBe(canonicalBodyOf(entry));
    expect(JSON.parse(body)).toMatchObject({ kind: entry.kind, action: entry.action, outcome: entry.outcome });
  });
});
