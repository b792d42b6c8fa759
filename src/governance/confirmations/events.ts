import type { AuditEntry } from '../audit/record.js';
import type { ConfirmationBinding } from './store.js';

/** What happened to a confirmation: asked for, confirmed or declined by a person, used by a call, refused. */
export interface ConfirmationEvent {
  binding: ConfirmationBinding;
  event: 'requested' | 'confirmed' | 'declined' | 'used' | 'refused';
  id?: string;
  /** Why, in words (a refusal's reason, where a yes came from). */
  reason?: string;
}

/** A confirmation event as the audit record of an act (`confirmation.<event>`, the tool in its detail). */
export const auditActOf = ({ binding, event, id, reason }: ConfirmationEvent): Omit<AuditEntry, 'at' | 'node'> => ({
  tenantId: binding.tenantId,
  kind: 'confirmation',
  action: `confirmation.${event}`,
  user: binding.userId || undefined,
  argsDigest: binding.argsDigest,
  outcome: event === 'refused' ? 'CONFIRMATION_REQUIRED' : 'ok',
  detail: { tool: binding.tool, ...(id ? { confirmation_id: id } : {}), ...(reason ? { reason } : {}) },
});
