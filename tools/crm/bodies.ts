import { z } from 'zod';
import type { Company1Input } from '@apideck/unify/models/components/company1.js';
import type { ContactInput } from '@apideck/unify/models/components/contact.js';
import type { Currency } from '@apideck/unify/models/components/currency.js';
import type { LeadInput } from '@apideck/unify/models/components/leadinput.js';
import type { OpportunityInput } from '@apideck/unify/models/components/opportunityinput.js';

/**
 * Request bodies of the crm routes and the tools' arguments, checked before anything is sent. The spec
 * shows the account body (name, description, industry, website) and the opportunity body in camelCase;
 * contact and lead bodies follow Apideck's unified model in the same camelCase, with one `email` (the
 * record's primary address) in place of Apideck's `emails` list. Each maps to Apideck's input in one place.
 */
const Text = (description: string, max = 255) => z.string().trim().min(1).max(max).describe(description);
const Description = z.string().max(10_000).describe('Free-text description');
const Email = z.email('must be a valid email address').max(254).describe('Primary email address');
const Currency3 = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
  .describe('ISO 4217 currency code, e.g. USD');
const Amount = z.number().finite().nonnegative('must not be negative');
const CrmId = (description: string) => z.string().trim().min(1).max(100).describe(description);

export const AccountBody = {
  name: Text('Account (company) name'),
  description: Description.optional(),
  industry: Text('Industry, e.g. Software').optional(),
  website: z.url('must be an absolute URL').max(2048).describe('Website URL, e.g. https://example.com').optional(),
};

export const ContactBody = {
  firstName: Text('Given name').optional(),
  lastName: Text('Family name').optional(),
  name: Text('Full name (derived from firstName and lastName when omitted)').optional(),
  email: Email.optional(),
  title: Text('Job title').optional(),
  companyId: CrmId('Id of the account the contact works for').optional(),
  description: Description.optional(),
};

export const LeadBody = {
  name: Text('Full name of the lead'),
  firstName: Text('Given name').optional(),
  lastName: Text('Family name').optional(),
  email: Email.optional(),
  title: Text('Job title').optional(),
  companyName: Text('Company the lead works for').optional(),
  status: Text('Lead status as the CRM names it, e.g. New', 100).optional(),
  leadSource: Text('Where the lead came from, e.g. Web', 100).optional(),
  monetaryAmount: Amount.describe('Estimated value (0 or more)').optional(),
  currency: Currency3.optional(),
  description: Description.optional(),
};

export const OpportunityBody = {
  title: Text('Opportunity (deal) title'),
  monetaryAmount: Amount.describe('Deal value (0 or more)').optional(),
  currency: Currency3.optional(),
  winProbability: z.number().min(0).max(100).describe('Chance of winning, 0-100').optional(),
  closeDate: z.iso.date('must be a date (YYYY-MM-DD)').describe('Expected close date, YYYY-MM-DD').optional(),
  stage: Text('Pipeline stage id, e.g. proposal', 100).optional(),
  status: Text('Open, Won or Lost', 50).optional(),
  companyId: CrmId('Id of the account the deal is with').optional(),
  description: Description.optional(),
};

type Shape = Record<string, z.ZodType>;
type BodyOf<S extends Shape> = { [K in keyof S]?: z.infer<S[K]> };

/** Leaves out what the caller did not give, so an update changes only the fields named. */
function given<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const emails = (email: string | undefined) => (email === undefined ? undefined : [{ email, type: 'primary' as const }]);

export function toCompany(body: BodyOf<typeof AccountBody>): Company1Input {
  return given({
    name: body.name,
    description: body.description,
    industry: body.industry,
    websites: body.website === undefined ? undefined : [{ url: body.website, type: 'primary' as const }],
  }) as Company1Input;
}

export function toContact(body: BodyOf<typeof ContactBody>): ContactInput {
  return given({
    name: body.name,
    firstName: body.firstName,
    lastName: body.lastName,
    emails: emails(body.email),
    title: body.title,
    companyId: body.companyId,
    description: body.description,
  });
}

export function toLead(body: BodyOf<typeof LeadBody>): LeadInput {
  return given({
    name: body.name,
    firstName: body.firstName,
    lastName: body.lastName,
    emails: emails(body.email),
    title: body.title,
    companyName: body.companyName,
    status: body.status,
    leadSource: body.leadSource,
    monetaryAmount: body.monetaryAmount,
    currency: body.currency as Currency | undefined,
    description: body.description,
  }) as LeadInput;
}

export function toOpportunity(body: BodyOf<typeof OpportunityBody>): OpportunityInput {
  return given({
    title: body.title,
    monetaryAmount: body.monetaryAmount,
    currency: body.currency as Currency | undefined,
    winProbability: body.winProbability,
    // Apideck's close_date is a date; the SDK writes a Date back as YYYY-MM-DD.
    closeDate: body.closeDate === undefined ? undefined : new Date(`${body.closeDate}T00:00:00Z`),
    pipelineStageId: body.stage,
    status: body.status,
    companyId: body.companyId,
    description: body.description,
  }) as OpportunityInput;
}
