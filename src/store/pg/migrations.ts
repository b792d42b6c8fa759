import type { PgMigration } from './migrate.js';
import { aliasLinkMethodSchema } from './schema/alias-link-method.js';
import { auditSchema } from './schema/audit.js';
import { confirmationsSchema } from './schema/confirmations.js';
import { consentLinksSchema } from './schema/consent-links.js';
import { coreSchema } from './schema/core.js';
import { documentKeywordsSchema } from './schema/document-keywords.js';
import { documentSchema } from './schema/documents.js';
import { documentUsageSchema } from './schema/document-usage.js';
import { documentVisibleTotalsSchema } from './schema/document-visible-totals.js';
import { graphEdgeReadsSchema } from './schema/graph-edge-reads.js';
import { graphSyncSchema } from './schema/graph-sync.js';
import { graphKeyProbesSchema } from './schema/graph-key-probes.js';
import { graphLeanWriteIndexesSchema } from './schema/graph-lean-write-indexes.js';
import { graphSchema } from './schema/graph.js';
import { identityLinksSchema } from './schema/identity-links.js';
import { servicesSchema } from './schema/services.js';
import { sharedStateSchema } from './schema/shared-state.js';
import { tenantKeyShareSchema } from './schema/tenant-key-share.js';
import { tenantPolicySchema } from './schema/tenant-policy.js';

/** The PostgreSQL backend's migrations, in the order they apply. Never edit one once released. */
export const pgMigrations: readonly PgMigration[] = [
  { id: '001_schema', sql: [coreSchema, graphSchema, documentSchema, servicesSchema].join('\n') },
  { id: '002_consent_links_used', sql: consentLinksSchema },
  { id: '003_shared_state', sql: sharedStateSchema },
  { id: '004_audit', sql: auditSchema },
  { id: '005_graph_key_probes', sql: graphKeyProbesSchema },
  { id: '006_tenant_key_share', sql: tenantKeyShareSchema },
  { id: '007_confirmations', sql: confirmationsSchema },
  { id: '008_identity_links', sql: identityLinksSchema },
  { id: '009_tenant_policy', sql: tenantPolicySchema },
  { id: '010_graph_sync', sql: graphSyncSchema },
  { id: '011_document_keywords', sql: documentKeywordsSchema },
  { id: '013_graph_edges_outgoing', sql: graphEdgeReadsSchema },
  { id: '014_alias_link_method', sql: aliasLinkMethodSchema },
  { id: '015_documents_visible_totals', sql: documentVisibleTotalsSchema },
  { id: '016_document_usage', sql: documentUsageSchema },
  { id: '017_graph_lean_write_indexes', sql: graphLeanWriteIndexesSchema },
];
