import { invalid } from '../kit/index.js';
import type { CrmResource } from './state.js';

/** The JSON types of the writable fields of a unified record, as Apideck's schemas declare them; a list is an enum. */
type FieldType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'date'
  | 'emails'
  | 'websites'
  | 'phones'
  | 'strings'
  | 'objects'
  | readonly string[];

/** A unified resource: the name Apideck gives it in envelopes, its writable fields and those a create requires. */
interface ResourceSpec {
  fields: Readonly<Record<string, FieldType>>;
  required: readonly string[];
  /** Filters of the list (`filter[<name>]`), each matched against the records it names. */
  filters: readonly string[];
}

const COMMON: Record<string, FieldType> = {
  custom_fields: 'objects',
  tags: 'strings',
  pass_through: 'objects',
  owner_id: 'string',
  description: 'string',
};

/** The name fields of a person record (contacts and leads). */
const PERSON: Record<string, FieldType> = {
  name: 'string',
  first_name: 'string',
  last_name: 'string',
  title: 'string',
};

export const RESOURCES: Readonly<Record<CrmResource, ResourceSpec>> = {
  companies: {
    fields: {
      ...COMMON,
      name: 'string',
      industry: 'string',
      annual_revenue: 'string',
      number_of_employees: 'string',
      currency: 'string',
      status: 'string',
      websites: 'websites',
      emails: 'emails',
      phone_numbers: 'phones',
      addresses: 'objects',
    },
    required: ['name'],
    filters: ['name'],
  },
  contacts: {
    fields: {
      ...COMMON,
      ...PERSON,
      department: 'string',
      type: ['customer', 'supplier', 'employee', 'personal'],
      company_id: 'string',
      company_name: 'string',
      lead_source: 'string',
      status: 'string',
      emails: 'emails',
      websites: 'websites',
      phone_numbers: 'phones',
      addresses: 'objects',
    },
    required: [],
    filters: ['name', 'first_name', 'last_name', 'email', 'company_id', 'owner_id'],
  },
  opportunities: {
    fields: {
      ...COMMON,
      title: 'string',
      type: 'string',
      monetary_amount: 'number',
      currency: 'string',
      win_probability: 'number',
      close_date: 'date',
      pipeline_id: 'string',
      pipeline_stage_id: 'string',
      status: 'string',
      company_id: 'string',
      company_name: 'string',
      primary_contact_id: 'string',
      contact_ids: 'strings',
      lead_source: 'string',
    },
    required: ['title'],
    filters: ['status', 'company_id', 'owner_id', 'primary_contact_id', 'title'],
  },
  leads: {
    fields: {
      ...COMMON,
      ...PERSON,
      company_name: 'string',
      company_id: 'string',
      status: 'string',
      lead_source: 'string',
      monetary_amount: 'number',
      currency: 'string',
      emails: 'emails',
      websites: 'websites',
      phone_numbers: 'phones',
    },
    required: ['name'],
    filters: ['name', 'first_name', 'last_name', 'email'],
  },
  users: {
    fields: {
      name: 'string',
      first_name: 'string',
      last_name: 'string',
      username: 'string',
      title: 'string',
      department: 'string',
      division: 'string',
      company_name: 'string',
      status: 'string',
      emails: 'emails',
      description: 'string',
    },
    required: ['emails'],
    filters: [],
  },
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a value is not of a field's type, or undefined when it is (null clears a field and is always allowed). */
function problemOf(type: FieldType, value: unknown): string | undefined {
  if (value === null) return undefined;
  if (typeof type !== 'string')
    return typeof value === 'string' && type.includes(value) ? undefined : `must be one of ${type.join(', ')}`;
  switch (type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'must be a string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be a boolean';
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : 'must be a date (YYYY-MM-DD)';
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? undefined
        : 'must be an array of strings';
    case 'objects':
      return Array.isArray(value) && value.every(isObject) ? undefined : 'must be an array of objects';
    case 'emails':
      return Array.isArray(value) &&
        value.every((v) => isObject(v) && typeof v.email === 'string' && EMAIL.test(v.email))
        ? undefined
        : 'must be an array of {email} with valid addresses';
    case 'websites':
      return Array.isArray(value) && value.every((v) => isObject(v) && typeof v.url === 'string' && v.url.length > 0)
        ? undefined
        : 'must be an array of {url}';
    case 'phones':
      return Array.isArray(value) &&
        value.every((v) => isObject(v) && typeof v.number === 'string' && v.number.length > 0)
        ? undefined
        : 'must be an array of {number}';
  }
}

/**
 * The fields of a create or update body, checked as Apideck checks them before calling the connector:
 * unknown fields, wrong types and (on create) missing required fields are its 422 `RequestValidationError`.
 */
export function validatedFields(
  resource: CrmResource,
  body: unknown,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const spec = RESOURCES[resource];
  if (!isObject(body)) throw invalid('Request body must be a JSON object', { details: 'Expected an object' });
  const problems: string[] = [];
  for (const [field, value] of Object.entries(body)) {
    const type = spec.fields[field];
    const problem = type === undefined ? 'is not allowed' : problemOf(type, value);
    if (problem) problems.push(`"${field}" ${problem}`);
  }
  if (mode === 'create') {
    for (const field of spec.required)
      if (body[field] === undefined || body[field] === null || body[field] === '')
        problems.push(`"${field}" is required`);
  }
  if (problems.length) throw invalid(`Invalid ${resource} request body`, { details: problems.join('; ') });
  return body;
}
