import type { Config } from '../config/config.js';
import type { StoreBackend } from '../store/backend.js';
import type { FleetJobs } from '../store/fleet-jobs.js';
import type { Clock, Logger } from '../toolkit/context.js';
import type { ExecutionObserver } from '../toolkit/executor.js';
import type { AuditLog } from './audit/audit-log.js';
import { auditObserver } from './audit/observer.js';
import { openAuditLog } from './audit/open.js';
import type { AuditEntry } from './audit/record.js';
import { DEFAULT_POLICY } from './policy-hooks.js';
import { SecretGuard } from './secret-guard.js';

const RETENTION_JOB = 'audit.retention';
const RETENTION_INTERVAL_MS = 3_600_000;

/** An act recorded by a surface (an admin request, a consent): the log adds the time and the node. */
export type AuditAct = Omit<AuditEntry, 'at' | 'node'>;

export interface Governance {
  audit: AuditLog;
  /** Records an act that is no tool call. */
  recordAct(act: AuditAct): void;
  /** The executor's check of arguments and filter of results. */
  guard: SecretGuard;
  /** The executor's observer that audits every tool call. */
  observer: ExecutionObserver;
}

/** The audit log, the secret scanning and the retention cut (once per fleet, hourly). */
export function createGovernance(options: {
  config: Config;
  store: StoreBackend;
  clock: Clock;
  log: Logger;
  jobs: FleetJobs;
}): Governance {
  const { config, clock } = options;
  const audit = openAuditLog(config, options.store, clock, options.log);
  const policy = DEFAULT_POLICY;
  const record = (entry: AuditEntry) => audit.record(entry);
  if (config.auditRetentionDays > 0)
    options.jobs.every(
      RETENTION_JOB,
      RETENTION_INTERVAL_MS,
      async () => void (await audit.cut(config.auditRetentionDays)),
    );
  return {
    audit,
    recordAct: (act) => record({ ...act, at: clock.now(), node: config.nodeId }),
    guard: new SecretGuard(policy),
    observer: auditObserver(record, policy, config.nodeId),
  };
}
