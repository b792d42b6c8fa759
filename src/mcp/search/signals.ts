import type { Entity } from './entities.js';
import type { Relation } from '../../toolkit/registry.js';
import { phraseText } from './text.js';

/**
 * What a request says beyond its words: whose account it means, whether it reads, writes or hands the
 * agent context, and the entities it names. Read from the whole request, not from one word.
 */
export interface RequestSignals {
  account?: 'user' | 'tenant';
  intent?: 'read' | 'write' | 'context';
  /** Whether it asks for many things (plural nouns) or one (an id, a key, "that one"), when it says. */
  number?: 'many' | 'one';
  /** Whether it asks for figures side by side, one row per repository, project or team. */
  breakdown: boolean;
  /** Whether it asks how things relate ("how is ada connected to acme/web", "what links to PAY-101"), and how. */
  relation?: Relation;
  /** Systems an entity in the request belongs to, each with the evidence (`WEB-17`, `acme/web#88`). */
  entities: ReadonlyArray<Entity>;
  /** It opens by addressing someone named ("email grace the agenda", "message linus"): it sends. */
  addressed: boolean;
}

// Phrases, matched as whole words on the lower-cased request.
const USER_ACCOUNT = [' my ', ' mine ', ' my own ', ' as me ', ' i ', " i'm ", ' me '];
const ASKED_FOR_ME = /\b(show|get|give|tell|find|fetch|bring|pull up|list) me\b/g;
const TENANT_ACCOUNT = [
  ' team ',
  " team's ",
  ' teams ',
  ' workspace ',
  " workspace's ",
  ' company ',
  " company's ",
  ' shared ',
  // "Connected" names the tenant's systems as an adjective only: "how is ada connected to …" asks the graph.
  ' the connected ',
  ' our connected ',
  " tenant's connected ",
  ' tenant ',
];
const CONTEXT = [
  ' note that ',
  ' remember ',
  ' keep in mind ',
  ' i prefer ',
  ' i m focus',
  ' i am focus',
  ' focusing on ',
];
const QUESTION_START = /^(how|what|which|who|whose|when|where|why|is|are|do|does|did|can|could|has|have|any)\b|\?\s*$/;
const READ_PHRASES = [
  ' look through ',
  ' look for ',
  ' look up ',
  ' catch me up ',
  ' tell me about ',
  ' show ',
  ' list ',
];
const READ_VERBS = /\b(list|show|find|get|see|search|view|read|fetch|count|check|browse|look|open)\b/;
const WRITE_VERBS =
  /\b(create|file|add|new|make|merge|close|reopen|update|edit|delete|remove|post|send|upload|write|assign|transition|mark|inject|commit|cancel|move|rename|change|set|book|schedule|archive|trash|invite|announce|reply|tell|put|push|drop|append|raise|untag|ingest|forget|correct|fix|unsend|leave|give|start|propose|land|cut|say|qualify|reschedule)\b/;

const IMPERATIVE_NOUN =
  /^(comment|note|reply|label|tag|message|email|ping|log|star|index|store) (on|to|in|at|the|a|an|my|this|that|it|them|him|her|[a-z]+@|[a-z0-9]+-\d+|[a-z]+\/)/;

/** A noun of messaging that opens a request before a name sends to that person: "email grace the agenda". */
const ADDRESSED = /^(message|email|ping|dm|text) ([a-z]+)/;

const UNITS = '(repo|repos|repository|repositories|project|projects|team|teams|service|services)';
const BREAKDOWN = new RegExp(
  `\\b(per|each|by|across|every|which|all( of)?( our| the)?)( (jira|github|code|software|engineering))? ${UNITS}\\b|\\b(compare|comparing|side by side|broken down|${UNITS} by ${UNITS})\\b`,
);

const PEOPLE = '(who|people|persons|users|anyone|everyone|engineers|developers|contributors|colleagues)';
/** Two conditions on the same people ("people who committed to X and also hold tickets"): a pattern query. */
const TWO_CONDITIONS = new RegExp(
  [
    `\\b${PEOPLE}\\b.* (and|but|while|who) (also|both|at the same time)\\b`,
    `\\b${PEOPLE}\\b.* as well as\\b`,
    `\\b${PEOPLE} (who |that )?both\\b`,
    `\\b${PEOPLE} (who|that) \\w+ .+ and (\\w+ed|have|has|are|were|own|hold)\\b`,
  ].join('|'),
);
/**
 * How things relate, by the question's shape: the chain between two ("how is ada connected to acme/web",
 * "the link between"), what lies around one ("what is related to PAY-101", "within two hops"), or all
 * that is known of one ("everything we know about grace"), or what meets two conditions at once.
 */
const RELATIONS: ReadonlyArray<[Relation, RegExp]> = [
  ['match', TWO_CONDITIONS],
  // Whether two accounts are one human: the person across systems.
  ['person', /\bsame (person|human|individual|colleague)\b/],
  ['path', /\bhow (is|are|was|were) .+ (connected|related|linked|tied)\b/],
  // "How X and Y are related", "why is ada tied to WEB-40": the chain between two named things.
  ['path', /\b(how|why) \w+.* (is|are|was|were|got|get|end(ed)? up) (connected|related|linked|tied)\b/],
  ['path', /\b(route|relationship|relation|degrees? of separation) between\b/],
  // "What is X connected to" asks what lies around X; "is X connected to Y" the chain between them.
  ['around', /\bwhat (is|are) \w+ (connected|related|linked|tied) (to|with) (and |$)/],
  ['path', /\b(is|are) \w+ (connected|related|linked|tied) (to|with)\b/],
  ['path', /\bwhat (connects|links|ties|relates) .+ (to|and|with)\b/],
  ['path', /\b(path|chain|link|links|connection|connections) (between|from)\b/],
  ['path', /\bhow (do|does|did) .+ (connect|relate) (to|with)\b|\b(tied|linked|connected|related) together\b/],
  ['about', /\b(everything|anything|what)( do| does)? (we|the graph) knows? about\b/],
  ['about', /\b(what s|what is|all that s|all that is|everything that s|everything that is) known about\b/],
  ['about', /\b(the )?(full )?(context|picture) (on|for|of|around) (0|[a-z]+ 0|acme)\b/],
  // All there is on one thing: "everything about X", "the background on X", "what does the graph have on X".
  // "everything on all my calendars" is a list of one's own things, not all there is on one thing.
  [
    'about',
    /\beverything about\b|\beverything on (?!(all|my|our|the team s|every)\b)|\ball about\b|\b(background|backstory) (on|of)\b/,
  ],
  ['about', /\b(what|anything) (does|do|did) (the graph|we) (have|hold|store) (on|about|for)\b/],
  ['about', /\b(details|properties) and (links|relationships|relations|connections)\b/],
  ['about', /\b(relationships|relations) of\b|\b(its|their|his|her) (connections|links|relationships|relations)\b/],
  ['around', /\bwho (works|worked|is working) on both\b/],
  // The people around a person: who they work with, their collaborators (not one repository's).
  ['around', /\b(who|people|colleagues)\b.* (worked|works|work|collaborated|collaborates|teamed up) with\b/],
  ['around', /\b(his|her|their|[a-z]+ s) (collaborators|coworkers|co workers|peers|neighbou?rs)\b/],
  ['around', /\b(what|which \w+) (references?|points? to|depends? on)\b/],
  ['around', /\bsame \w+s as\b/],
  ['around', /\b(expand|explore|walk)\b.* (graph|around|from)\b/],
  // Not "the account connected to": a thing is connected to the workspace, a person or item to another.
  [
    'around',
    /\b(everything|anything|what|who|whatever|entities|things|else|is|are)( is| are)? (connected|related|linked|tied) (to|with)\b/,
  ],
  ['around', /\b(what|who|which \w+) (links?|connects?|relates?) to\b/],
  ['around', /\bneighbou?rs of\b|\bhops?\b/],
  ['around', /\bwhat (is |s )?(around|surrounds?)\b|\bhangs? off\b/],
  ['around', /\bwhat else\b.* (work|worked|touch|touched|link|linked|connect|connected|tie|tied)\b|\bin common\b/],
];

// "Who is U024BE7LH", "who is ada@acme.com": a member id or an email asks who the person is, of any system.
const WHO_IS = /^ ?(who|which person) (is|are)\b/;
const MEMBER_ID = /\b[uw](?=[a-z0-9]*\d)[a-z0-9]{6,}\b/;
const EMAIL = /\S+@\S+\.\w+/;

/** Every account of someone named ("what accounts does linus have", "grace's logins"): that person. */
// Plural accounts and handles only: "the initech account" is a CRM account, "who handles" a verb.
const IDENTITIES = / (accounts|identities|identity|logins?|handles|usernames?) /;

function relationOf(text: string, request: string, names: boolean): Relation | undefined {
  if (WHO_IS.test(text) && (MEMBER_ID.test(text) || EMAIL.test(request))) return 'person';
  if (names && IDENTITIES.test(text)) return 'person';
  return RELATIONS.find(([, pattern]) => pattern.test(text))?.[0];
}

const has = (text: string, phrases: readonly string[]) => phrases.some((p) => text.includes(p));

/** Where in the request a pattern or phrase first occurs, or -1. */
function firstIndex(lower: string, pattern: RegExp, phrases: readonly string[]): number {
  const found = [pattern.exec(lower)?.index ?? -1, ...phrases.map((p) => ` ${lower} `.indexOf(p))].filter(
    (i) => i >= 0,
  );
  return found.length ? Math.min(...found) : -1;
}

/** Whether the request reads (a question, "look through") or writes, judged by what it asks first. */
function intentOf(lower: string, text: string, addressed: boolean): RequestSignals['intent'] {
  if (has(text, CONTEXT)) return 'context';
  if (QUESTION_START.test(lower.trim())) return 'read';
  const read = firstIndex(lower, READ_VERBS, READ_PHRASES);
  // A noun that opens a request is a command ("comment on the page", "label it").
  const write = addressed || IMPERATIVE_NOUN.test(lower.trim()) ? 0 : (WRITE_VERBS.exec(lower)?.index ?? -1);
  if (write !== -1 && (read === -1 || write < read)) return 'write';
  return read !== -1 ? 'read' : undefined;
}

const ONE = / (that|this|one|the) [a-z]+ (by|with) | (that|this) (one )?[a-z]+ /;
const ID = /\b[\w.-]*\d{3,}[\w.-]*\b|#\d+\b/;

const EVERY = new Set(['all', 'every', 'everyone', 'everybody']);
const PARTS_OF = new Set(['of', 'in', 'on']);

/** Many things ("open deals", "my emails") or one ("deal 006…", "that message"), when the request says. */
function numberOf(
  request: string,
  raw: readonly string[],
  entities: number,
  isListed: (word: string) => boolean,
): RequestSignals['number'] {
  const one = entities > 0 || ID.test(request) || ONE.test(phraseText(raw));
  const listed = (w: string) => /[^su]s$/.test(w) && w.length > 3 && isListed(w);
  const parts = raw.some((w, i) => listed(w) && PARTS_OF.has(raw[i + 1] ?? ''));
  // "members of the channel C012", "comments on WEB-17", "how many people are in #deploys": many things a
  // tool lists, of one named thing.
  if (one && (parts || phraseText(raw).includes(' how many '))) return 'many';
  // "properties of a page" asks about one page: a plural before "of" names its parts, not many of it.
  const many = raw.some((w) => EVERY.has(w)) || raw.some((w, i) => listed(w) && raw[i + 1] !== 'of');
  if (one === many) return undefined;
  return one ? 'one' : 'many';
}

/** What the catalog knows of a request's words: the things tools list, and the names of people and things. */
export interface WordKinds {
  /** The things tools list, whose plurals ask for many. */
  isListed: (word: string) => boolean;
  /** A name the catalog's requests use (`grace`, `initech`). */
  isName: (word: string) => boolean;
}

/** The signals of a request. */
export function signalsOf(
  request: string,
  raw: readonly string[],
  entities: readonly Entity[],
  { isListed, isName }: WordKinds,
): RequestSignals {
  const lower = request.toLowerCase();
  const text = phraseText(raw).replace(/ i m /g, " i'm ");
  // "show me", "get me" ask for something, not for the user's own account.
  const user = has(` ${lower.replace(/[^a-z0-9' ]+/g, ' ').replace(ASKED_FOR_ME, '$1')} `, USER_ACCOUNT);
  const tenant = has(` ${lower.replace(/[^a-z0-9' ]+/g, ' ')} `, TENANT_ACCOUNT);
  const name = ADDRESSED.exec(raw.join(' '))?.[2];
  const addressed = name !== undefined && isName(name);
  return {
    account: user === tenant ? undefined : user ? 'user' : 'tenant',
    // Verbs are read from the corrected words ("assgin" is "assign").
    intent: intentOf(`${raw.join(' ')}${request.trim().endsWith('?') ? '?' : ''}`, text, addressed),
    breakdown: BREAKDOWN.test(text),
    relation: relationOf(text, request, raw.some(isName)),
    number: numberOf(request, raw, entities.length, isListed),
    entities,
    addressed,
  };
}
