/**
 * Migration 015. A document query reads its tenant's visible totals (chunks, keyword terms) and pending
 * documents several times: from this index alone, not from every document row of the tenant.
 */
export const documentVisibleTotalsSchema = `
CREATE INDEX documents_visible_totals ON documents (tenant_id, pending) INCLUDE (chunk_count, term_total);
`;
