import { z } from 'zod';
import type { Company1 } from '@apideck/unify/models/components/company1.js';
import type { Contact } from '@apideck/unify/models/components/contact.js';
import type { Lead } from '@apideck/unify/models/components/lead.js';
import type { Opportunity } from '@apideck/unify/models/components/opportunity.js';

/**
 * The crm records in the spec's snake_case form (Document 2, section 2), each mapped from Apideck's
 * unified CRM model in the one function below it. Fields the CRM leaves empty are null.
 */
const text = (description: string) => z.string().nullable().describe(description);
const Id = z.string().describe('The record id in the connected CRM');
const OwnerEmail = z.string().nullable().describe("The owner's email, from the CRM's user directory");

export const AccountSchema = z.object({
  id: Id,
  name: text('Account (company) name'),
  description: text('Free-text description'),
  industry: text('Industry'),
  website: text('Primary website URL'),
  annual_revenue: z.number().nullable().describe('Annual revenue, in the account currency'),
  number_of_employees: z.number().int().nullable().describe('Head count'),
  owner_id: text('Id of the CRM user who owns the account'),
  owner_email: OwnerEmail,
});
export type Account = z.infer<typeof AccountSchema>;

/** The fields a contact and a lead share: a person. */
const PersonFields = {
  id: Id,
  name: text('Full name'),
  first_name: text('Given name'),
  last_name: text('Family name'),
  email: text('Primary email address'),
  title: text('Job title'),
};

export const ContactSchema = z.object({
  ...PersonFields,
  company_id: text('Id of the account the contact works for'),
  owner_id: text('Id of the CRM user who owns the contact'),
  owner_email: OwnerEmail,
});
export type CrmContact = z.infer<typeof ContactSchema>;

export const LeadSchema = z.object({
  ...PersonFields,
  company_name: text('Company the lead works for (leads are not yet linked to accounts)'),
  status: text('Lead status as the CRM names it'),
  lead_source: text('Where the lead came from'),
  monetary_amount: z.number().nullable().describe('Estimated value'),
  currency: text('ISO 4217 currency code'),
  owner_id: text('Id of the CRM user who owns the lead'),
  owner_email: OwnerEmail,
});
export type CrmLead = z.infer<typeof LeadSchema>;

export const OpportunitySchema = z.object({
  id: Id,
  title: text('Opportunity (deal) title'),
  monetary_amount: z.number().nullable().describe('Deal value'),
  currency: text('ISO 4217 currency code'),
  win_probability: z.number().nullable().describe('Chance of winning, 0-100'),
  close_date: z.iso.date().nullable().describe('Expected or actual close date (YYYY-MM-DD)'),
  stage: text('Pipeline stage id'),
  status: text('Open, Won or Lost, as the CRM names it'),
  company_id: text('Id of the account the deal is with'),
  owner_id: text('Id of the CRM user who owns the deal'),
  owner_email: OwnerEmail,
});
export type CrmOpportunity = z.infer<typeof OpportunitySchema>;

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

/** Apideck carries revenue and head count as strings (each CRM formats its own): numbers when they read as one. */
function numberOf(value: string | null | undefined, integer = false): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const parsed = Number(value.replace(/[,\s]/g, ''));
  if (!Number.isFinite(parsed)) return null;
  return integer ? Math.trunc(parsed) : parsed;
}

const firstEmail = (emails: ReadonlyArray<{ email: string | null }> | undefined): string | null =>
  emails?.find((e) => e.email)?.email ?? null;

/** A date-only field the SDK parsed into a Date (midnight UTC), back to YYYY-MM-DD. */
const dateOnly = (value: Date | null | undefined): string | null => (value ? value.toISOString().slice(0, 10) : null);

export function accountOf(company: Company1): Account {
  return {
    id: company.id ?? '',
    name: orNull(company.name),
    description: orNull(company.description),
    industry: orNull(company.industry),
    website: company.websites?.find((w) => w.url)?.url ?? null,
    annual_revenue: numberOf(company.annualRevenue),
    number_of_employees: numberOf(company.numberOfEmployees, true),
    owner_id: orNull(company.ownerId),
    owner_email: null,
  };
}

/** The person fields contacts and leads share. */
function personOf(person: Contact | Lead) {
  return {
    id: person.id ?? '',
    name: orNull(person.name),
    first_name: orNull(person.firstName),
    last_name: orNull(person.lastName),
    email: firstEmail(person.emails),
    title: orNull(person.title),
  };
}

export function contactOf(contact: Contact): CrmContact {
  return {
    ...personOf(contact),
    company_id: orNull(contact.companyId),
    owner_id: orNull(contact.ownerId),
    owner_email: null,
  };
}

export function leadOf(lead: Lead): CrmLead {
  return {
    ...personOf(lead),
    company_name: orNull(lead.companyName),
    status: orNull(lead.status),
    lead_source: orNull(lead.leadSource),
    monetary_amount: orNull(lead.monetaryAmount),
    currency: orNull(lead.currency),
    owner_id: orNull(lead.ownerId),
    owner_email: null,
  };
}

export function opportunityOf(opportunity: Opportunity): CrmOpportunity {
  return {
    id: opportunity.id ?? '',
    title: orNull(opportunity.title),
    monetary_amount: orNull(opportunity.monetaryAmount),
    currency: orNull(opportunity.currency),
    win_probability: orNull(opportunity.winProbability),
    close_date: dateOnly(opportunity.closeDate),
    stage: orNull(opportunity.pipelineStageId),
    status: orNull(opportunity.status),
    company_id: orNull(opportunity.companyId),
    owner_id: orNull(opportunity.ownerId),
    owner_email: null,
  };
}
