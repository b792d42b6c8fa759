import { memoryOf } from '../../../src/integrations/client-memory.js';
import type { JiraClients } from '../../../src/integrations/atlassian/jira-client.js';
import { kindOf, type StatusCategory } from './history.js';

/* The site's statuses and issue types, as the analytics name them in JQL and read them in changelogs. */

/** One status of the site (ids are site-wide) and its category. */
export interface SiteStatus {
  id: string;
  name: string;
  category: StatusCategory;
}

/** The site's statuses, read once and remembered for a short time per client. */
export function siteStatuses(clients: JiraClients): Promise<SiteStatus[]> {
  return memoryOf(clients.v3).recall('jira:statuses', async () => {
    const statuses =
      await clients.v3.workflowStatuses.getStatuses<
        Array<{ id?: string; name?: string; statusCategory?: { key?: string } }>
      >();
    return (Array.isArray(statuses) ? statuses : []).flatMap((status): SiteStatus[] => {
      const k = status.statusCategory?.key;
      const category: StatusCategory = k === 'done' || k === 'indeterminate' ? k : 'new';
      return status.id ? [{ id: status.id, name: status.name ?? status.id, category }] : [];
    });
  });
}

/** Status ids and lower-cased names to their category (changelog entries name statuses only). */
export async function statusCategories(clients: JiraClients): Promise<Map<string, StatusCategory>> {
  const categories = new Map<string, StatusCategory>();
  for (const status of await siteStatuses(clients)) {
    categories.set(status.id, status.category);
    const name = status.name.toLowerCase();
    if (!categories.has(name)) categories.set(name, status.category);
  }
  return categories;
}

/** The ids of the site's issue types counted as bugs (`kindOf`), read once and remembered per client. */
export function bugTypeIds(clients: JiraClients): Promise<string[]> {
  return memoryOf(clients.v3).recall('jira:bug-types', async () => {
    const types =
      await clients.v3.issueTypes.getIssueAllTypes<Array<{ id?: string; name?: string; subtask?: boolean }>>();
    return (Array.isArray(types) ? types : []).flatMap((t) =>
      t.id && kindOf(t.name ?? '', t.subtask === true) === 'bug' ? [t.id] : [],
    );
  });
}
