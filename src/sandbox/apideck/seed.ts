import { SANDBOX_CREDENTIALS, type WorkspaceId } from '../credentials.js';
import type { WorkspaceSeed } from '../fake-upstream.js';
import { isoMillis } from '../kit/index.js';
import type { Person } from '../seed/people.js';
import type { Random } from '../seed/random.js';
import { DEMO_CONNECTIONS } from './connectors.js';
import { recordId } from './ids.js';
import { crmOf, type ConnectionRecord, type ConsumerState, type CrmRecord, type UnifyState } from './state.js';

const DAY = 86_400_000;

const CUSTOMERS = [
  'Initech',
  'Umbrella Health',
  'Stark Logistics',
  'Wayne Foods',
  'Hooli Cloud',
  'Pied Piper',
  'Vandelay Imports',
  'Cyberdyne Robotics',
  'Tyrell Biotech',
  'Massive Dynamic',
  'Wonka Confections',
  'Soylent Farms',
  'Monarch Solutions',
  'Duff Beverages',
  'Gekko Capital',
  'Nakatomi Trading',
];
const INDUSTRIES = [
  'Software',
  'Healthcare',
  'Logistics',
  'Food & Beverage',
  'Financial Services',
  'Manufacturing',
  'Retail',
  'Biotechnology',
];
const CONTACT_FIRST = [
  'Maya',
  'Omar',
  'Lena',
  'Jonas',
  'Priya',
  'Diego',
  'Chloe',
  'Tariq',
  'Ines',
  'Felix',
  'Amara',
  'Noah',
];
const CONTACT_LAST = [
  'Fischer',
  'Okafor',
  'Silva',
  'Novak',
  'Tanaka',
  'Moreau',
  'Khan',
  'Larsen',
  'Rossi',
  'Byrne',
  'Mensah',
  'Weber',
];
const TITLES = [
  'VP Engineering',
  'Head of Procurement',
  'CTO',
  'Operations Manager',
  'Director of IT',
  'Chief Financial Officer',
];
const PRODUCTS = ['Platform licence', 'Support renewal', 'Team expansion', 'Data migration', 'Pilot'];
/** Pipeline stages in order, with the probability of winning and the status an opportunity there has. */
const STAGES: ReadonlyArray<{ id: string; probability: number; status: string }> = [
  { id: 'prospecting', probability: 10, status: 'Open' },
  { id: 'qualification', probability: 25, status: 'Open' },
  { id: 'proposal', probability: 50, status: 'Open' },
  { id: 'negotiation', probability: 75, status: 'Open' },
  { id: 'closed_won', probability: 100, status: 'Won' },
  { id: 'closed_lost', probability: 0, status: 'Lost' },
];
const LEAD_STATUSES = ['New', 'Working', 'Qualified', 'Unqualified'];
const LEAD_SOURCES = ['Website', 'Referral', 'Event', 'Cold call'];

const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** A consumer with no connections: one the fake first met in a request (a tenant that has not used the Vault). */
export function blankConsumer(consumerId: string): ConsumerState {
  return { consumerId, people: [], connections: [], crms: new Map(), sequence: 0 };
}

/**
 * The demo consumer of a workspace: its connections, and the records of its CRM, whose users and owners
 * are the workspace's people (the same humans as in every other system) and whose contacts are those
 * people (at their own organisation) and the customers' buyers.
 */
export function seedUnify(workspace: WorkspaceSeed): UnifyState {
  const { identity, people, random, now, scale } = workspace;
  const id = identity.id as WorkspaceId;
  const connections: ConnectionRecord[] = DEMO_CONNECTIONS[id].map((key) => {
    const [unifiedApi, serviceId] = key.split('+');
    return { unifiedApi, serviceId, createdAt: now - 90 * DAY, updatedAt: now - 30 * DAY, enabled: true };
  });
  const consumer: ConsumerState = {
    consumerId: SANDBOX_CREDENTIALS[id].unify.consumerId,
    workspace: identity,
    people,
    connections,
    crms: new Map(),
    sequence: 0,
  };
  const crmService = connections.find((c) => c.unifiedApi === 'crm')?.serviceId;
  if (crmService) seedCrm(consumer, crmService, random.fork('crm'), now, Math.max(1, Math.round(scale)));
  return { consumer };
}

function seedCrm(consumer: ConsumerState, service: string, random: Random, now: number, scale: number): void {
  const { people, workspace } = consumer;
  const crm = crmOf(consumer, service);
  const currency = workspace?.id === 'globex' ? 'EUR' : 'USD';
  const counters = { companies: 0, contacts: 0, opportunities: 0, leads: 0, users: 0 };
  const add = (resource: keyof typeof counters, fields: Record<string, unknown>, ageDays: number): CrmRecord => {
    const at = isoMillis(now - ageDays * DAY);
    const record: CrmRecord = {
      id: recordId(service, resource, ++counters[resource]),
      ...fields,
      created_at: at,
      updated_at: at,
    };
    crm[resource].set(record.id, record);
    return record;
  };
  const userOf = new Map<Person, CrmRecord>();
  for (const person of people) {
    userOf.set(person, add('users', userFields(person, workspace?.orgName), 400 + random.int(0, 200)));
  }
  const owner = (): string => userOf.get(random.pick(people))!.id;

  if (workspace) {
    const own = add(
      'companies',
      {
        name: workspace.orgName,
        industry: 'Software',
        websites: [{ url: `https://${workspace.domain}`, type: 'primary' }],
        owner_id: owner(),
      },
      380,
    );
    for (const person of people) {
      add(
        'contacts',
        {
          ...personName(person),
          title: titleOf(person),
          company_id: own.id,
          company_name: own.name,
          emails: [{ email: person.email, type: 'work' }],
          owner_id: owner(),
          type: 'employee',
        },
        300,
      );
    }
  }
  for (let n = 0; n < CUSTOMERS.length * scale; n++) {
    const name =
      CUSTOMERS[n % CUSTOMERS.length] + (n < CUSTOMERS.length ? '' : ` ${Math.floor(n / CUSTOMERS.length) + 1}`);
    const domain = `${slug(name)}.example`;
    const company = add(
      'companies',
      {
        name,
        description: `${name}, a customer account.`,
        industry: random.pick(INDUSTRIES),
        annual_revenue: String(random.int(2, 400) * 250_000),
        number_of_employees: String(random.int(20, 5000)),
        websites: [{ url: `https://www.${domain}`, type: 'primary' }],
        owner_id: owner(),
        currency,
      },
      random.int(30, 360),
    );
    const buyers = [0, 1].map(() => {
      const first = random.pick(CONTACT_FIRST);
      const last = random.pick(CONTACT_LAST);
      return add(
        'contacts',
        {
          name: `${first} ${last}`,
          first_name: first,
          last_name: last,
          title: random.pick(TITLES),
          company_id: company.id,
          company_name: name,
          emails: [{ email: `${first}.${last}@${domain}`.toLowerCase(), type: 'work' }],
          owner_id: owner(),
          type: 'customer',
        },
        random.int(10, 300),
      );
    });
    for (let k = 0; k < 2; k++) {
      const stage = random.pick(STAGES);
      const closeIn = stage.status === 'Open' ? random.int(5, 120) : -random.int(5, 120);
      add(
        'opportunities',
        {
          title: `${name}: ${random.pick(PRODUCTS)}`,
          monetary_amount: random.int(10, 500) * 500,
          currency,
          win_probability: stage.probability,
          close_date: new Date(now + closeIn * DAY).toISOString().slice(0, 10),
          pipeline_stage_id: stage.id,
          status: stage.status,
          company_id: company.id,
          company_name: name,
          primary_contact_id: buyers[k].id,
          contact_ids: [buyers[k].id],
          owner_id: owner(),
        },
        random.int(5, 200),
      );
    }
  }
  for (let n = 0; n < 6 * scale; n++) {
    const first = random.pick(CONTACT_FIRST);
    const last = random.pick(CONTACT_LAST);
    const companyName = random.pick(CUSTOMERS) + ' Group';
    add(
      'leads',
      {
        name: `${first} ${last}`,
        first_name: first,
        last_name: last,
        company_name: companyName,
        title: random.pick(TITLES),
        status: random.pick(LEAD_STATUSES),
        lead_source: random.pick(LEAD_SOURCES),
        emails: [{ email: `${first}.${last}@${slug(companyName)}.example`.toLowerCase(), type: 'work' }],
        owner_id: owner(),
      },
      random.int(1, 60),
    );
  }
}

const personName = (person: Person) => ({ name: person.name, first_name: person.first, last_name: person.last });
const titleOf = (person: Person): string =>
  ({
    engineer: 'Software Engineer',
    lead: 'Engineering Lead',
    manager: 'Engineering Manager',
    designer: 'Product Designer',
  })[person.role];

function userFields(person: Person, company: string | undefined): Record<string, unknown> {
  return {
    ...personName(person),
    username: person.email,
    title: titleOf(person),
    company_name: company,
    status: 'active',
    emails: [{ email: person.email, type: 'primary' }],
  };
}
