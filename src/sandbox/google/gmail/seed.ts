import type Mail from 'nodemailer/lib/mailer/index.js';
import type { WorkspaceSeed } from '../../fake-upstream.js';
import type { Person } from '../../seed/people.js';
import { messageId, SYSTEM_LABELS, type MailLabel, type Mailbox, type MailStore, type StoredMessage } from './model.js';

const DAY = 86_400_000;
const USER_LABELS = ['Projects', 'Receipts', 'Follow-up'];
const TOPICS = [
  'Q4 roadmap',
  'Release notes draft',
  'Incident follow-up',
  'Hiring loop',
  'Offsite logistics',
  'API deprecation',
  'Budget review',
  'Design critique',
];
/** Non-ASCII subjects travel as RFC 2047 encoded words. */
const UNICODE_TOPICS = ['Café ☕ on Thursday', 'Überblick: Straße & Zürich', 'Résumé de la réunion'];
const CONVERSATIONS_PER_PERSON = 12;
const NEWSLETTERS = 8;

const address = (p: Person) => ({ name: p.name, address: p.email });

/**
 * A mailbox per person: conversations among the workspace's people (threads of one to three messages
 * with In-Reply-To and References, text and HTML alternatives, some subjects in UTF-8 encoded words,
 * some with a cc), delivered to the sender as SENT and to each recipient as INBOX (UNREAD when recent,
 * some STARRED or IMPORTANT, user labels); and updates from outside the company in ISO-8859-1 with a
 * CSV attachment (CATEGORY_UPDATES). Messages are composed with nodemailer on first read.
 */
export function seedMail(workspace: WorkspaceSeed): MailStore {
  const random = workspace.random.fork('google-gmail');
  const { people } = workspace;
  const store: MailStore = { mailboxes: new Map(), nextId: 1 };
  const base = workspace.identity.idBase / 1_000_000;
  for (const person of people) {
    const labels = new Map<string, MailLabel>(SYSTEM_LABELS.map((id) => [id, { id, name: id, type: 'system' }]));
    USER_LABELS.forEach((name, i) => labels.set(`Label_${i + 1}`, { id: `Label_${i + 1}`, name, type: 'user' }));
    store.mailboxes.set(person.index, { owner: person.index, messages: new Map(), labels, historyId: 1000 });
  }
  /** Each mailbox's thread id for a conversation: the id of its first message there. */
  const threadIds = new Map<string, string>();
  const deliver = (box: Mailbox, conversation: string, message: Omit<StoredMessage, 'id' | 'threadId'>) => {
    const id = messageId(base, store.nextId++);
    const key = `${box.owner}:${conversation}`;
    if (!threadIds.has(key)) threadIds.set(key, id);
    box.messages.set(id, { ...message, id, threadId: threadIds.get(key)! });
  };

  type Draft = {
    at: number;
    conversation: string;
    options: Mail.Options;
    from: Person;
    to: Person[];
    cc: Person[];
    text: string;
    subject: string;
    messageId: string;
    replyTo: string[];
  };
  const drafts: Draft[] = [];
  for (const sender of people) {
    const others = people.filter((p) => p !== sender);
    for (let c = 0; c < CONVERSATIONS_PER_PERSON * workspace.scale; c++) {
      const conversation = `${sender.index}-${c}`;
      const unicode = random.chance(0.15);
      const subject = unicode ? random.pick(UNICODE_TOPICS) : `${random.pick(TOPICS)} #${c + 1}`;
      const partner = random.pick(others);
      const cc = random.chance(0.3)
        ? random.sample(
            others.filter((p) => p !== partner),
            1,
          )
        : [];
      let at = workspace.now - random.int(1, 60) * DAY + random.int(8, 17) * 3_600_000;
      const chain: string[] = [];
      const length = random.int(1, 3);
      for (let n = 0; n < length; n++) {
        const from = n % 2 === 0 ? sender : partner;
        const to = n % 2 === 0 ? [partner] : [sender];
        const text = `${n === 0 ? 'Hi' : 'Thanks'} ${to[0].first},\n\n${n === 0 ? `Notes on ${subject}: let us decide by Friday.` : 'Agreed, I will take the next step.'}\n\n${from.first}`;
        const id = `<${conversation}.${n}.${random.hex(8)}@${workspace.identity.domain}>`;
        const options: Mail.Options = {
          from: address(from),
          to: to.map(address),
          cc: cc.map(address),
          subject: n === 0 ? subject : `Re: ${subject}`,
          text,
          html: `<p>${text.replace(/\n\n/g, '</p><p>').replace(/\n/g, '<br>')}</p>`,
          messageId: id,
          date: new Date(at),
          ...(chain.length ? { inReplyTo: chain[chain.length - 1], references: [...chain] } : {}),
        };
        drafts.push({
          at,
          conversation,
          options,
          from,
          to,
          cc,
          text,
          subject: String(options.subject),
          messageId: id,
          replyTo: [...chain],
        });
        chain.push(id);
        at += random.int(1, 20) * 3_600_000;
      }
    }
  }
  drafts.sort((a, b) => a.at - b.at);
  for (const d of drafts) {
    const index = {
      from: `${d.from.name} <${d.from.email}>`,
      to: d.to.map((p) => p.email),
      cc: d.cc.map((p) => p.email),
      subject: d.subject,
      text: d.text,
      messageId: d.messageId,
      replyTo: d.replyTo,
    };
    const common = { internalDate: d.at, index, compose: d.options };
    deliver(store.mailboxes.get(d.from.index)!, d.conversation, { ...common, labelIds: new Set(['SENT']) });
    for (const recipient of [...d.to, ...d.cc]) {
      const labels = new Set(['INBOX', 'CATEGORY_PERSONAL']);
      if (d.at > workspace.now - 7 * DAY || random.chance(0.1)) labels.add('UNREAD');
      if (random.chance(0.15)) labels.add('STARRED');
      if (random.chance(0.3)) labels.add('IMPORTANT');
      if (random.chance(0.2)) labels.add(`Label_${random.int(1, USER_LABELS.length)}`);
      deliver(store.mailboxes.get(recipient.index)!, d.conversation, { ...common, labelIds: labels });
    }
  }
  for (const person of people) {
    for (let n = 0; n < NEWSLETTERS; n++) {
      const at = workspace.now - (n * 7 + 2) * DAY;
      const text = `Bonjour ${person.first},\n\nVoici le relevé de la semaine: café, crème brûlée, 12,50 EUR.\n`;
      const subject = `Relevé hebdomadaire ${n + 1}`;
      const messageIdHeader = `<digest.${n}.${person.index}@billing.example>`;
      const compose: Mail.Options = {
        from: { name: 'Facturation Exemple', address: 'billing@billing.example' },
        to: address(person),
        subject,
        // nodemailer writes `text` in UTF-8: a lone alternative carries the body in Latin-1.
        alternatives: [{ content: Buffer.from(text, 'latin1'), contentType: 'text/plain; charset=ISO-8859-1' }],
        messageId: messageIdHeader,
        date: new Date(at),
        attachments: [
          { filename: `releve-${n + 1}.csv`, content: `item,amount\ncafe,4.50\ncreme,8.00\n`, contentType: 'text/csv' },
        ],
      };
      const index = {
        from: `Facturation Exemple <billing@billing.example>`,
        to: [person.email],
        cc: [],
        subject,
        text,
        messageId: messageIdHeader,
        replyTo: [],
      };
      const labels = new Set([
        'INBOX',
        'CATEGORY_UPDATES',
        ...(n < 2 ? ['UNREAD'] : []),
        ...(n % 3 === 0 ? ['Label_2'] : []),
      ]);
      deliver(store.mailboxes.get(person.index)!, `digest-${person.index}-${n}`, {
        internalDate: at,
        index,
        compose,
        labelIds: labels,
      });
    }
  }
  return store;
}
