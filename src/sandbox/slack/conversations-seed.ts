import type { Random } from '../seed/random.js';
import type { Person } from '../seed/people.js';
import { slackTs } from '../kit/index.js';
import type { SlackChannel, SlackMessage } from './state.js';

const DAY = 86_400_000;

const LINES = [
  'Deploying {repo} to production now',
  'Can someone review my PR for {ticket}?',
  'Standup notes are in the doc',
  'The build on main is red again, looking into it',
  '{ticket} is ready for QA',
  'Who owns the billing export?',
  'Rolled back {repo}, error rate is back to normal',
  'Lunch?',
  'Heads up: the staging database restarts at 5pm',
  'Thanks for the quick fix on {ticket}!',
  'Is {repo} still using the old rate limiter?',
  'Planning for next sprint starts tomorrow',
];

const REPLIES = ['On it', 'Looks good to me', 'Thanks!', 'I can take a look after lunch', 'Merged', 'Same here', '+1'];

interface ChannelPlan {
  name: string;
  kind: SlackChannel['kind'];
  members: Person[];
  messages: number;
  botMember: boolean;
  topic?: string;
}

/** A workspace's conversations: public and private channels, DMs and a group DM, with months of messages and threads. */
export function seedConversations(options: {
  people: Person[];
  org: string;
  letter: string;
  botUserId: string;
  random: Random;
  now: number;
  scale: number;
}): SlackChannel[] {
  const { people, org, letter, botUserId, random, now, scale } = options;
  const perChannel = (n: number) => Math.max(20, Math.round(n * scale));
  const leads = people.filter((p) => p.role === 'lead' || p.role === 'manager');
  const plans: ChannelPlan[] = [
    {
      name: 'general',
      kind: 'public',
      members: people,
      messages: perChannel(600),
      botMember: true,
      topic: `Company-wide announcements at ${org}`,
    },
    {
      name: 'engineering',
      kind: 'public',
      members: people,
      messages: perChannel(900),
      botMember: true,
      topic: 'Builds, reviews, releases',
    },
    { name: 'deploys', kind: 'public', members: people, messages: perChannel(300), botMember: true },
    { name: 'random', kind: 'public', members: people, messages: perChannel(200), botMember: false },
    {
      name: 'leads',
      kind: 'private',
      members: leads.length >= 2 ? leads : people.slice(0, 3),
      messages: perChannel(150),
      botMember: false,
    },
    { name: '', kind: 'im', members: people.slice(0, 2), messages: perChannel(80), botMember: false },
    { name: '', kind: 'im', members: [people[0], people[2] ?? people[1]], messages: perChannel(60), botMember: false },
    { name: 'mpdm', kind: 'mpim', members: people.slice(0, 3), messages: perChannel(50), botMember: false },
  ];
  const prefix = { public: 'C', private: 'C', im: 'D', mpim: 'G' } as const;
  return plans.map((plan, index) => {
    const id = `${prefix[plan.kind]}${letter}${String(index + 1).padStart(3, '0')}${random.hex(5).toUpperCase()}`;
    const members = plan.members.map((p) => p.slackId);
    const messages: SlackMessage[] = [];
    const start = now - 120 * DAY;
    const step = (120 * DAY) / plan.messages;
    for (let i = 0; i < plan.messages; i++) {
      const at = Math.floor(start + i * step + random.int(0, Math.floor(step / 2)));
      const author = random.pick(plan.members);
      const text = random
        .pick(LINES)
        .replace('{repo}', `${org}/${random.pick(['api', 'web', 'mobile', 'infra'])}`)
        .replace('{ticket}', `${random.pick(['API', 'WEB', 'MOB', 'OPS'])}-${random.int(1, 80)}`);
      const ts = slackTs(at, i % 1000);
      const parent: SlackMessage = { ts, user: author.slackId, text };
      messages.push(parent);
      if (random.chance(0.12)) {
        parent.threadTs = ts;
        const replies = random.int(1, 4);
        for (let r = 0; r < replies; r++)
          messages.push({
            ts: slackTs(at + (r + 1) * 60_000, 500 + r),
            user: random.pick(plan.members).slackId,
            text: random.pick(REPLIES),
            threadTs: ts,
          });
      }
    }
    messages.sort((a, b) => Number(a.ts) - Number(b.ts));
    return {
      id,
      name:
        plan.kind === 'im'
          ? ''
          : plan.kind === 'mpim'
            ? `mpdm-${plan.members.map((p) => p.login.split('-')[0]).join('--')}-1`
            : plan.name,
      kind: plan.kind,
      created: Math.floor((now - 400 * DAY) / 1000),
      creator: plan.members[0].slackId,
      topic: plan.topic ?? '',
      purpose: plan.topic ?? '',
      members: plan.botMember ? [...members, botUserId] : members,
      archived: false,
      messages,
    };
  });
}
