import type { Company1 } from '@apideck/unify/models/components/company1.js';
import type { Company1Input } from '@apideck/unify/models/components/company1.js';
import type { Contact, ContactInput } from '@apideck/unify/models/components/contact.js';
import type { Lead } from '@apideck/unify/models/components/lead.js';
import type { LeadInput } from '@apideck/unify/models/components/leadinput.js';
import type { Opportunity } from '@apideck/unify/models/components/opportunity.js';
import type { OpportunityInput } from '@apideck/unify/models/components/opportunityinput.js';
import type { UnifyClient } from '../../src/integrations/apideck/client.js';
import type { UpstreamPage as UnifiedPage } from '../shared/cursor-window.js';

/** List, get, create and update of one unified CRM resource through `@apideck/unify`'s standalone functions (loaded on first use). */
export interface UnifiedResource<M, I, F> {
  list(client: UnifyClient, request: { cursor?: string; limit: number; filter?: F }): Promise<UnifiedPage<M>>;
  get(client: UnifyClient, id: string): Promise<M>;
  /** The id the CRM gave the new record (Apideck answers a create with the id only). */
  create(client: UnifyClient, input: I): Promise<string>;
  update(client: UnifyClient, id: string, input: I): Promise<void>;
}

type Envelope<T> = { data: T; meta?: { cursors?: { next?: string | null } } } | undefined;

/** The data of an Apideck envelope; an envelope without one is an upstream fault, not an empty answer. */
function dataOf<T>(envelope: Envelope<T>, what: string): T {
  if (!envelope) throw new Error(`Apideck answered ${what} without a body`);
  return envelope.data;
}

export const pageOf = <M>(envelope: Envelope<M[]>, what: string): UnifiedPage<M> => ({
  records: dataOf(envelope, what),
  next: envelope?.meta?.cursors?.next ?? null,
});
const idOf = (envelope: Envelope<{ id: string }>, what: string): string => dataOf(envelope, what).id;

export const companies: UnifiedResource<Company1, Company1Input, { name?: string }> = {
  async list(client, { cursor, limit, filter }) {
    const { crmCompaniesList } = await import('@apideck/unify/funcs/crmCompaniesList.js');
    return pageOf(
      (await client.call((core) => crmCompaniesList(core, { cursor, limit, filter }))).getCompaniesResponse1,
      'companies',
    );
  },
  async get(client, id) {
    const { crmCompaniesGet } = await import('@apideck/unify/funcs/crmCompaniesGet.js');
    return dataOf((await client.call((core) => crmCompaniesGet(core, { id }))).getCompanyResponse, 'a company');
  },
  async create(client, company1) {
    const { crmCompaniesCreate } = await import('@apideck/unify/funcs/crmCompaniesCreate.js');
    return idOf(
      (await client.call((core) => crmCompaniesCreate(core, { company1 }))).createCompanyResponse,
      'a created company',
    );
  },
  async update(client, id, company1) {
    const { crmCompaniesUpdate } = await import('@apideck/unify/funcs/crmCompaniesUpdate.js');
    await client.call((core) => crmCompaniesUpdate(core, { id, company1 }));
  },
};

export const contacts: UnifiedResource<Contact, ContactInput, { email?: string; companyId?: string }> = {
  async list(client, { cursor, limit, filter }) {
    const { crmContactsList } = await import('@apideck/unify/funcs/crmContactsList.js');
    return pageOf(
      (await client.call((core) => crmContactsList(core, { cursor, limit, filter }))).getContactsResponse,
      'contacts',
    );
  },
  async get(client, id) {
    const { crmContactsGet } = await import('@apideck/unify/funcs/crmContactsGet.js');
    return dataOf((await client.call((core) => crmContactsGet(core, { id }))).getContactResponse, 'a contact');
  },
  async create(client, contact) {
    const { crmContactsCreate } = await import('@apideck/unify/funcs/crmContactsCreate.js');
    return idOf(
      (await client.call((core) => crmContactsCreate(core, { contact }))).createContactResponse,
      'a created contact',
    );
  },
  async update(client, id, contact) {
    const { crmContactsUpdate } = await import('@apideck/unify/funcs/crmContactsUpdate.js');
    await client.call((core) => crmContactsUpdate(core, { id, contact }));
  },
};

export const leads: UnifiedResource<Lead, LeadInput, { email?: string; name?: string }> = {
  async list(client, { cursor, limit, filter }) {
    const { crmLeadsList } = await import('@apideck/unify/funcs/crmLeadsList.js');
    return pageOf(
      (await client.call((core) => crmLeadsList(core, { cursor, limit, filter }))).getLeadsResponse,
      'leads',
    );
  },
  async get(client, id) {
    const { crmLeadsGet } = await import('@apideck/unify/funcs/crmLeadsGet.js');
    return dataOf((await client.call((core) => crmLeadsGet(core, { id }))).getLeadResponse, 'a lead');
  },
  async create(client, lead) {
    const { crmLeadsCreate } = await import('@apideck/unify/funcs/crmLeadsCreate.js');
    return idOf((await client.call((core) => crmLeadsCreate(core, { lead }))).createLeadResponse, 'a created lead');
  },
  async update(client, id, lead) {
    const { crmLeadsUpdate } = await import('@apideck/unify/funcs/crmLeadsUpdate.js');
    await client.call((core) => crmLeadsUpdate(core, { id, lead }));
  },
};

export const opportunities: UnifiedResource<Opportunity, OpportunityInput, { status?: string; companyId?: string }> = {
  async list(client, { cursor, limit, filter }) {
    const { crmOpportunitiesList } = await import('@apideck/unify/funcs/crmOpportunitiesList.js');
    return pageOf(
      (await client.call((core) => crmOpportunitiesList(core, { cursor, limit, filter }))).getOpportunitiesResponse,
      'opportunities',
    );
  },
  async get(client, id) {
    const { crmOpportunitiesGet } = await import('@apideck/unify/funcs/crmOpportunitiesGet.js');
    return dataOf(
      (await client.call((core) => crmOpportunitiesGet(core, { id }))).getOpportunityResponse,
      'an opportunity',
    );
  },
  async create(client, opportunity) {
    const { crmOpportunitiesCreate } = await import('@apideck/unify/funcs/crmOpportunitiesCreate.js');
    return idOf(
      (await client.call((core) => crmOpportunitiesCreate(core, { opportunity }))).createOpportunityResponse,
      'a created opportunity',
    );
  },
  async update(client, id, opportunity) {
    const { crmOpportunitiesUpdate } = await import('@apideck/unify/funcs/crmOpportunitiesUpdate.js');
    await client.call((core) => crmOpportunitiesUpdate(core, { id, opportunity }));
  },
};
