import type { Config } from '../config/config.js';
import type { StoreBackend } from '../store/backend.js';
import type { FleetJobs } from '../store/fleet-jobs.js';
import type { WindowCounter } from '../store/window-counter.js';
import type { Clock, Logger } from '../toolkit/context.js';
import type { CallGuard, ExecutionObserver } from '../toolkit/executor.js';
import type { AuditLog } from './audit/audit-log.js';
import { auditObserver } from './audit/observer.js';
import { openAuditLog } from './audit/open.js';
import type { AuditEntry, QueuedAct } from './audit/record.js';
import { auditActOf } from './confirmations/events.js';
import { ConfirmationGate } from './confirmations/gate.js';
import { confirmationStoreOn } from './confirmations/open.js';
import type { ConfirmationStore } from './confirmations/store.js';
import type { GovernancePolicy } from './policy-hooks.js';
import { policyStoreOn } from './policy/open.js';
import { PolicyGuard } from './policy/policy-guard.js';
import { TenantPolicies } from './policy/tenant-policies.js';
import { SecretGuard } from './secret-guard.js';
import { taintReason, UntrustedContent } from './untrusted/untrusted-guard.js';

const RETENTION_JOB = 'audit.retention';
const RETENTION_INTERVAL_MS = 3_600_000;
const CONFIRMATION_SWEEP_JOB = 'confirmations.sweep';
/** An expired confirmation's page still says "expired" for this long, then its row goes. */
const EXPIRED_CONFIRMATIONS_KEPT_MS = 3_600_000;

/** An act recorded by a surface (an admin request, a consent): the log adds the time and the node. */
export type AuditAct = Omit<AuditEntry, 'at' | 'node'>;

export interface Governance {
  audit: AuditLog;
  /** Records an act that is no tool call. */
  recordAct(act: AuditAct): void;
  /** Each tenant's policy: what its callers may call and see, and what the hooks answer. */
  policies: TenantPolicies;
  /** The executor's admission of a call (the policy), check of arguments and filter of results (secrets). */
  guard: CallGuard;
  /** The executor's observer that audits every tool call. */
  observer: ExecutionObserver;
  /** The executor's check that calls a person must confirm were confirmed. */
  confirmations: ConfirmationGate;
  /** The confirmations themselves, for the page where a person confirms or declines. */
  confirmationStore: ConfirmationStore;
  /** Provenance of what people wrote in results, and the flagged values each user was given. */
  untrusted: UntrustedContent;
}

/** The audit log, the tenant policies, the secret scanning, confirmations and the audit retention cut (once per fleet, hourly). */
export function createGovernance(options: {
  config: Config;
  store: StoreBackend;
  clock: Clock;
  log: Logger;
  jobs: FleetJobs;
  /** The server's address as browsers reach it (confirmation links). */
  publicUrl: () => string;
  /** Answers which calls need a confirmation instead of each tenant's stored policy (tests that waive them). */
  confirmationPolicy?: GovernancePolicy;
  /** Where the policy's per-tool limits count calls (every node of a fleet in the same place). */
  windows: WindowCounter;
}): Governance {
  const { config, clock } = options;
  const audit = openAuditLog(config, options.store, clock, options.log);
  const policies = new TenantPolicies(policyStoreOn(options.store));
  const admission = new PolicyGuard(policies, options.windows, clock);
  const secrets = new SecretGuard(policies);
  const untrusted = new UntrustedContent(clock);
  const record = (act: QueuedAct) => audit.record(act);
  if (config.auditRetentionDays > 0)
    options.jobs.every(
      RETENTION_JOB,
      RETENTION_INTERVAL_MS,
      async () => void (await audit.cut(config.auditRetentionDays)),
    );
  const recordAct = (act: AuditAct) => record({ ...act, at: clock.now(), node: config.nodeId });
  const confirmationStore = confirmationStoreOn(options.store);
  options.jobs.every(
    CONFIRMATION_SWEEP_JOB,
    RETENTION_INTERVAL_MS,
    async () => void (await confirmationStore.deleteExpired(clock.now() - EXPIRED_CONFIRMATIONS_KEPT_MS)),
  );
  return {
    audit,
    recordAct,
    policies,
    guard: {
      admit: (caller, tool) => admission.admit(caller, tool),
      checkArguments: (caller, tool, args) => secrets.checkArguments(caller, tool, args),
      maskResult: (caller, tool, result) => secrets.maskResult(caller, tool, result),
      markResult: (caller, tool, result) => untrusted.mark(caller, tool, result),
    },
    observer: auditObserver(record, policies, config.nodeId),
    confirmations: new ConfirmationGate({
      store: confirmationStore,
      policy: options.confirmationPolicy ?? policies,
      loadPolicy: (caller) => policies.load(caller),
      clock,
      ttlSeconds: config.confirmationTtlSeconds,
      publicUrl: options.publicUrl,
      record: (event) => recordAct(auditActOf(event)),
      taintOf: (caller, tool, args) => {
        const taint = untrusted.taintOf(caller, tool, args);
        return taint && taintReason(taint);
      },
    }),
    confirmationStore,
    untrusted,
  };
}
