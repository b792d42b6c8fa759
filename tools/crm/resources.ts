import { z } from 'zod';
import type { LlmHints } from '../../src/toolkit/define-tool.js';
import { companies, contacts, leads, opportunities } from './apideck.js';
import {
  AccountBody,
  ContactBody,
  LeadBody,
  OpportunityBody,
  toCompany,
  toContact,
  toLead,
  toOpportunity,
} from './bodies.js';
import {
  accountOf,
  AccountSchema,
  contactOf,
  ContactSchema,
  leadOf,
  LeadSchema,
  opportunityOf,
  OpportunitySchema,
} from './records.js';
import { crmResourceTools } from './resource-tools.js';

const hint = (aliases: string[], when_to_use: string, not_for: string, examples: LlmHints['examples']): LlmHints => ({
  aliases,
  when_to_use,
  not_for,
  examples,
});
const NameFilter = z.string().trim().min(1).max(200);
const EmailFilter = z.email().max(254);
const IdFilter = z.string().trim().min(1).max(100);

/** Accounts are Apideck's companies. */
export const accountTools = crmResourceTools({
  plural: 'accounts',
  singular: 'account',
  upstreamName: 'companies',
  api: companies,
  record: AccountSchema,
  recordOf: accountOf,
  body: AccountBody,
  toInput: toCompany,
  keep: (current) => ({ name: current.name ?? undefined }),
  echoes: { name: 'name', description: 'description', industry: 'industry', website: 'website' },
  filters: { name: NameFilter.describe('Only accounts whose name contains this').optional() },
  filterOf: (args) => (args.name ? { name: args.name as string } : undefined),
  hints: {
    list: hint(
      ['crm companies', 'customers', 'client accounts', 'salesforce accounts', 'hubspot companies'],
      'To browse or find customer accounts (companies) in the CRM.',
      'People at a company (crm_list_contacts); deals (crm_list_opportunities).',
      [
        { query: 'which customers do we have in the CRM', tool: 'list_accounts', params: { limit: 20 } },
        { query: 'find the Initech account', tool: 'list_accounts', params: { name: 'Initech' } },
      ],
    ),
    get: hint(
      ['account details', 'company record', 'customer profile'],
      'When you know an account id and need its industry, website, revenue or head count.',
      'Searching accounts by name (crm_list_accounts).',
      [{ query: 'show CRM account 001Dn0000000000002', tool: 'get_account', params: { id: '001Dn0000000000002' } }],
    ),
    create: hint(
      ['add customer', 'new company in crm', 'create account'],
      'To add a new customer company to the CRM.',
      'Adding a person (crm_create_contact or crm_create_lead); a deal (crm_create_opportunity).',
      [
        {
          query: 'add Initech (software, initech.example) as a CRM account',
          tool: 'create_account',
          params: { name: 'Initech', industry: 'Software', website: 'https://initech.example' },
        },
      ],
    ),
    update: hint(
      ['edit account', 'change company industry', 'rename customer'],
      "To change an existing account's name, description, industry or website.",
      'Creating accounts (crm_create_account).',
      [
        {
          query: 'set the industry of account 001Dn0000000000002 to Fintech',
          tool: 'update_account',
          params: { id: '001Dn0000000000002', industry: 'Fintech' },
        },
      ],
    ),
  },
});

export const contactTools = crmResourceTools({
  plural: 'contacts',
  singular: 'contact',
  upstreamName: 'contacts',
  api: contacts,
  record: ContactSchema,
  recordOf: contactOf,
  body: ContactBody,
  toInput: toContact,
  echoes: {
    firstName: 'first_name',
    lastName: 'last_name',
    name: 'name',
    email: 'email',
    title: 'title',
    companyId: 'company_id',
  },
  filters: {
    email: EmailFilter.describe('Only the contact with this email address').optional(),
    company_id: IdFilter.describe('Only contacts of this account').optional(),
  },
  filterOf: (args) =>
    args.email || args.company_id
      ? { email: args.email as string | undefined, companyId: args.company_id as string | undefined }
      : undefined,
  hints: {
    list: hint(
      ['crm people', 'customer contacts', 'who do we know at', 'contact by email'],
      'To find people at customer accounts, by account or email.',
      'Prospects not yet qualified (crm_list_leads); colleagues in chat or code (chat, code_host).',
      [
        {
          query: 'who are our contacts at account 001Dn0000000000002',
          tool: 'list_contacts',
          params: { company_id: '001Dn0000000000002' },
        },
        {
          query: 'is jane@initech.example in the CRM',
          tool: 'list_contacts',
          params: { email: 'jane@initech.example' },
        },
      ],
    ),
    get: hint(
      ['contact details', 'person record in crm'],
      'When you know a contact id and need the name, email, title or account.',
      'Finding contacts by email (crm_list_contacts).',
      [{ query: 'show CRM contact 003Dn0000000000001', tool: 'get_contact', params: { id: '003Dn0000000000001' } }],
    ),
    create: hint(
      ['add contact', 'new person in crm'],
      'To add a person who works at a customer account.',
      'Unqualified prospects (crm_create_lead).',
      [
        {
          query: 'add Jane Doe, CTO at account 001Dn0000000000002, jane@initech.example',
          tool: 'create_contact',
          params: {
            firstName: 'Jane',
            lastName: 'Doe',
            title: 'CTO',
            email: 'jane@initech.example',
            companyId: '001Dn0000000000002',
          },
        },
      ],
    ),
    update: hint(
      ['edit contact', 'change contact email', 'update job title'],
      "To change a contact's name, email, title or account.",
      'Creating contacts (crm_create_contact).',
      [
        {
          query: 'contact 003Dn0000000000001 is now VP Engineering',
          tool: 'update_contact',
          params: { id: '003Dn0000000000001', title: 'VP Engineering' },
        },
      ],
    ),
  },
});

export const leadTools = crmResourceTools({
  plural: 'leads',
  singular: 'lead',
  upstreamName: 'leads',
  api: leads,
  record: LeadSchema,
  recordOf: leadOf,
  body: LeadBody,
  toInput: toLead,
  keep: (current) => ({ name: current.name ?? undefined }),
  echoes: {
    name: 'name',
    email: 'email',
    title: 'title',
    companyName: 'company_name',
    status: 'status',
    leadSource: 'lead_source',
    monetaryAmount: 'monetary_amount',
    currency: 'currency',
  },
  filters: {
    name: NameFilter.describe('Only leads whose name contains this').optional(),
    email: EmailFilter.describe('Only the lead with this email address').optional(),
  },
  filterOf: (args) =>
    args.name || args.email
      ? { name: args.name as string | undefined, email: args.email as string | undefined }
      : undefined,
  hints: {
    list: hint(
      ['prospects', 'sales leads', 'inbound leads'],
      'To browse or find prospects not yet qualified into accounts and contacts.',
      'Existing customers (crm_list_accounts, crm_list_contacts).',
      [{ query: 'list our newest sales leads', tool: 'list_leads', params: { limit: 20 } }],
    ),
    get: hint(
      ['lead details', 'prospect record'],
      'When you know a lead id and need its status, source or value.',
      'Finding leads by name (crm_list_leads).',
      [{ query: 'show lead 00QDn0000000000001', tool: 'get_lead', params: { id: '00QDn0000000000001' } }],
    ),
    create: hint(
      ['add lead', 'new prospect', 'log inbound lead'],
      'To record a new prospect.',
      'People at existing customers (crm_create_contact).',
      [
        {
          query: 'new lead: Sam Lee from Hooli, came from the website',
          tool: 'create_lead',
          params: { name: 'Sam Lee', companyName: 'Hooli', leadSource: 'Web' },
        },
      ],
    ),
    update: hint(
      ['qualify lead', 'change lead status'],
      "To change a lead's status, source, value or details.",
      'Creating leads (crm_create_lead).',
      [
        {
          query: 'mark lead 00QDn0000000000001 as Qualified',
          tool: 'update_lead',
          params: { id: '00QDn0000000000001', status: 'Qualified' },
        },
      ],
    ),
  },
});

export const opportunityTools = crmResourceTools({
  plural: 'opportunities',
  singular: 'opportunity',
  upstreamName: 'opportunities',
  api: opportunities,
  record: OpportunitySchema,
  recordOf: opportunityOf,
  body: OpportunityBody,
  toInput: toOpportunity,
  keep: (current) => ({ title: current.title ?? undefined }),
  echoes: {
    title: 'title',
    monetaryAmount: 'monetary_amount',
    currency: 'currency',
    winProbability: 'win_probability',
    closeDate: 'close_date',
    stage: 'stage',
    status: 'status',
    companyId: 'company_id',
  },
  filters: {
    status: z.string().trim().min(1).max(50).describe('Only deals with this status: Open, Won or Lost').optional(),
    company_id: IdFilter.describe('Only deals with this account').optional(),
  },
  filterOf: (args) =>
    args.status || args.company_id
      ? { status: args.status as string | undefined, companyId: args.company_id as string | undefined }
      : undefined,
  hints: {
    list: hint(
      ['deals', 'sales pipeline', 'open opportunities', 'forecast'],
      'To review deals in the pipeline, by status or account.',
      'Customer companies themselves (crm_list_accounts); tickets (ticketing).',
      [
        { query: 'open deals in the pipeline', tool: 'list_opportunities', params: { status: 'Open' } },
        {
          query: 'deals with account 001Dn0000000000002',
          tool: 'list_opportunities',
          params: { company_id: '001Dn0000000000002' },
        },
      ],
    ),
    get: hint(
      ['deal details', 'opportunity amount'],
      'When you know an opportunity id and need its amount, stage or close date.',
      'Listing deals (crm_list_opportunities).',
      [{ query: 'show deal 006Dn0000000000001', tool: 'get_opportunity', params: { id: '006Dn0000000000001' } }],
    ),
    create: hint(
      ['new deal', 'add opportunity', 'log a sale'],
      'To record a new deal with its value, probability and expected close date.',
      'Prospects (crm_create_lead).',
      [
        {
          query: 'new 25k USD deal with account 001Dn0000000000002 closing 2026-12-31 at 40%',
          tool: 'create_opportunity',
          params: {
            title: 'Initech renewal',
            monetaryAmount: 25000,
            currency: 'USD',
            winProbability: 40,
            closeDate: '2026-12-31',
            companyId: '001Dn0000000000002',
          },
        },
      ],
    ),
    update: hint(
      ['move deal stage', 'close deal', 'mark deal won'],
      'To move a deal to another stage, change its amount or close date, or mark it won or lost.',
      'Creating deals (crm_create_opportunity).',
      [
        {
          query: 'deal 006Dn0000000000001 is won',
          tool: 'update_opportunity',
          params: { id: '006Dn0000000000001', stage: 'closed_won', status: 'Won', winProbability: 100 },
        },
      ],
    ),
  },
});
