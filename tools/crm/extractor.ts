import { viaDirectory, type GraphBatch, type Handle } from '../../src/graph/ingest/batch.js';
import { extractorOf, readsResultsOf } from '../../src/graph/ingest/tool-readers.js';
import type { Account, CrmContact, CrmLead, CrmOpportunity } from './records.js';
import { accountTools, contactTools, leadTools, opportunityTools } from './resources.js';

/**
 * How the graph reads crm results: accounts, contacts and opportunities, each contact linked to the
 * outside person (`contact` node) its email names; leads likewise. Each record is `ASSIGNED_TO` its owner, a
 * colleague known by their CRM user id and the email the CRM's user directory gave for it.
 */
export const extractCrm = extractorOf([
  readsResultsOf(accountTools.list, ({ result }, batch) => result.accounts.forEach((a) => account(batch, a))),
  readsResultsOf(accountTools.get, ({ result }, batch) => void account(batch, result)),
  readsResultsOf(accountTools.create, ({ result }, batch) => void account(batch, result)),
  readsResultsOf(accountTools.update, ({ result }, batch) => void account(batch, result)),
  readsResultsOf(contactTools.list, ({ result }, batch) => result.contacts.forEach((c) => contact(batch, c))),
  readsResultsOf(contactTools.get, ({ result }, batch) => void contact(batch, result)),
  readsResultsOf(contactTools.create, ({ result }, batch) => void contact(batch, result)),
  readsResultsOf(contactTools.update, ({ result }, batch) => void contact(batch, result)),
  readsResultsOf(leadTools.list, ({ result }, batch) => result.leads.forEach((l) => lead(batch, l))),
  readsResultsOf(leadTools.get, ({ result }, batch) => void lead(batch, result)),
  readsResultsOf(leadTools.create, ({ result }, batch) => void lead(batch, result)),
  readsResultsOf(leadTools.update, ({ result }, batch) => void lead(batch, result)),
  readsResultsOf(opportunityTools.list, ({ result }, batch) =>
    result.opportunities.forEach((o) => opportunity(batch, o)),
  ),
  readsResultsOf(opportunityTools.get, ({ result }, batch) => void opportunity(batch, result)),
  readsResultsOf(opportunityTools.create, ({ result }, batch) => void opportunity(batch, result)),
  readsResultsOf(opportunityTools.update, ({ result }, batch) => void opportunity(batch, result)),
]);

const accountRef = (batch: GraphBatch, id: string | null): Handle | undefined =>
  id ? batch.ref('crm_account', id, { id }) : undefined;

/** Links a record to its owner: a colleague, by their CRM user id and the email the directory gave. */
function owned(
  batch: GraphBatch,
  node: Handle | undefined,
  record: { owner_id: string | null; owner_email: string | null },
): Handle | undefined {
  if (record.owner_id)
    batch.edge(
      node,
      'ASSIGNED_TO',
      batch.person(viaDirectory({ crmUserId: record.owner_id, email: record.owner_email ?? undefined })),
    );
  return node;
}

function account(batch: GraphBatch, a: Account): Handle | undefined {
  return owned(
    batch,
    batch.node('crm_account', a.id, { id: a.id, name: a.name, industry: a.industry, website: a.website }),
    a,
  );
}

/**
 * The outside person an email names, linked from the CRM record that names it: a `contact` node (one per
 * email), never a colleague's `user` node, so a customer who shares a colleague's name stays apart from them.
 */
function linkContact(batch: GraphBatch, from: Handle | undefined, email: string | null, name: string | null): void {
  const address = email?.trim().toLowerCase();
  if (address)
    batch.edge(from, 'LINKED_TO', batch.node('contact', address, { email: address, ...(name ? { name } : {}) }));
}

function contact(batch: GraphBatch, c: CrmContact): void {
  const node = owned(
    batch,
    batch.node('crm_contact', c.id, { id: c.id, name: c.name, email: c.email, title: c.title }),
    c,
  );
  batch.edge(node, 'BELONGS_TO', accountRef(batch, c.company_id));
  linkContact(batch, node, c.email, c.name);
}

function lead(batch: GraphBatch, l: CrmLead): void {
  const node = batch.node('crm_lead', l.id, {
    id: l.id,
    name: l.name,
    email: l.email,
    company_name: l.company_name,
    status: l.status,
    lead_source: l.lead_source,
  });
  owned(batch, node, l);
  linkContact(batch, node, l.email, l.name);
}

function opportunity(batch: GraphBatch, o: CrmOpportunity): void {
  const node = batch.node('crm_opportunity', o.id, {
    id: o.id,
    title: o.title,
    monetary_amount: o.monetary_amount,
    currency: o.currency,
    stage: o.stage,
    status: o.status,
    close_date: o.close_date,
  });
  owned(batch, node, o);
  batch.edge(node, 'BELONGS_TO', accountRef(batch, o.company_id));
}
