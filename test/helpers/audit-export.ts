import { TEST_API_KEY } from './server.js';

/** A tenant's audit records as the export gives them (JSON Lines, API key), one object a record. */
export async function auditLines(server: { url: string }, tenantId: string): Promise<Array<Record<string, any>>> {
  const response = await fetch(`${server.url}/admin/audit?tenant_id=${tenantId}`, {
    headers: { 'X-API-KEY': TEST_API_KEY },
  });
  return (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);
}
