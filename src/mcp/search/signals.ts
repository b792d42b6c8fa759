import type { Entity } from './entities.js';
import type { Relation } from '../../toolkit/registry.js';
import { nearRelationOf, relationOf } from './relations.js';
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
  /** Whether it names a day or a time ("on monday", "tomorrow at 10"): what falls then, not a container. */
  dated: boolean;
  /** Whether it asks for figures one row per person ("per engineer", "broken down by assignee"). */
  perPerson: boolean;
  /** Whether it asks for all of something ("every calendar", "across", "combined") or many things. */
  all: boolean;
  /** Whether it asks how things relate ("how is ada connected to acme/web", "what links to PAY-101"), and how. */
  relation?: Relation;
  /** The kind it may also be, with less evidence: "what is linked to X" is X's links, or X's neighbourhood. */
  nearRelation?: Relation;
  /** Systems an entity in the request belongs to, each with the evidence (`WEB-17`, `acme/web#88`). */
  entities: ReadonlyArray<Entity>;
  /** It opens by addressing someone named ("email grace the agenda", "message linus"): it sends. */
  addressed: boolean;
  /** It asks who is in one named thing ("who is in #deploys on slack"): that thing's members, not one member. */
  membersOf: boolean;
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
const QUESTION_START =
  /^(how|what|which|who|whose|when|where|why|is|are|do|does|did|can|could|any|anything|anyone|anybody)\b|\?\s*$/;
/** "Have we shipped …", "has grace reviewed …" ask; "have the app post …" has something done. */
const HAVE_QUESTION = /^(have|has)\b.*\b(been|\w+ed|done|seen|made|written|sent|gone|got|had)\b/;
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
  /\b(create|file|add|new|make|merge|close|reopen|update|edit|delete|remove|post|send|upload|write|assign|transition|mark|inject|commit|cancel|move|rename|change|set|book|schedule|archive|trash|invite|announce|reply|tell|put|push|drop|append|raise|untag|ingest|forget|correct|fix|unsend|leave|give|start|propose|land|cut|say|qualify|reschedule|keep|store)\b/;

// Whole words only: "email address of …" is no "email a …".
const IMPERATIVE_NOUN =
  /^(comment|note|reply|label|tag|message|email|ping|log|star|index|store) (on|to|in|at|the|a|an|my|this|that|it|them|him|her|[a-z]+@|[a-z0-9]+-\d+|[a-z]+\/)\b/;

/** A noun of messaging that opens a request before a name sends to that person: "email grace the agenda". */
const ADDRESSED = /^(message|email|ping|dm|text) ([a-z]+)/;

const ALL = / (all|every|everything|each|across|combined|merged?|both|full|whole) /;

const UNITS = '(repo|repos|repository|repositories|project|projects|team|teams|service|services)';
const BREAKDOWN = new RegExp(
  `\\b(per|each|by|across|every|which|all( of)?( our| the)?)( (jira|github|code|software|engineering))? ${UNITS}\\b|\\b(compare|comparing|side by side|broken down|${UNITS} by ${UNITS})\\b`,
);

const DATED =
  /\b(today|tonight|tomorrow|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|(this|next|last) (week|month|morning|afternoon|evening)|\d{1,2} ?(am|pm))\b/;

const PER_PERSON =
  /\b(per|each|by|every|for each|for every) (person|people|engineer|engineers|developer|developers|dev|devs|assignee|assignees|individual|contributor|contributors|team member|member)\b|\bwho (did|closed|resolved|shipped|merged) the most\b/;

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
  if (QUESTION_START.test(lower.trim()) || HAVE_QUESTION.test(lower.trim())) return 'read';
  const read = firstIndex(lower, READ_VERBS, READ_PHRASES);
  // A noun that opens a request is a command ("comment on the page", "label it").
  const write = addressed || IMPERATIVE_NOUN.test(lower.trim()) ? 0 : (WRITE_VERBS.exec(lower)?.index ?? -1);
  if (write !== -1 && (read === -1 || write < read)) return 'write';
  return read !== -1 ? 'read' : undefined;
}

const ONE = / (that|this|one|the) [a-z]+ (by|with) | (that|this) (one )?[a-z]+ /;
/** What kind a thing is, or whether someone is one thing ("is dennis a manager of …"): a question of one. */
const OF_ONE = /^ what (kind|type|sort) of |^ (is|was) [a-z]+ (a|an) /;
/** "Who is in #deploys": the people of one named thing, many. */
const WHO_IS_IN = /^ who (is|s|are) (in|on) /;
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
  const text = phraseText(raw);
  const one = entities > 0 || ID.test(request) || ONE.test(text) || OF_ONE.test(text);
  const listed = (w: string) => /[^su]s$/.test(w) && w.length > 3 && isListed(w);
  const parts = raw.some((w, i) => listed(w) && PARTS_OF.has(raw[i + 1] ?? ''));
  // "members of the channel C012", "comments on WEB-17", "how many people are in #deploys": many things a
  // tool lists, of one named thing.
  if (one && (parts || text.includes(' how many ') || WHO_IS_IN.test(text))) return 'many';
  // "properties of a page" asks about one page: a plural before "of" names its parts, not many of it.
  const many = raw.some((w) => EVERY.has(w)) || raw.some((w, i) => listed(w) && raw[i + 1] !== 'of');
  if (OF_ONE.test(text)) return 'one';
  if (one === many) return undefined;
  return one ? 'one' : 'many';
}

/** What the catalog knows of a request's words: the things tools list, and the names of people and things. */
export interface WordKinds {
  /** The things tools list, whose plurals ask for many. */
  isListed: (word: string) => boolean;
  /** A name the catalog's requests use (`grace`, `initech`). */
  isName: (word: string) => boolean;
  /** A name the catalog's requests use for a company (`initech`): a CRM account, never a person. */
  isCompany: (word: string) => boolean;
  /** A word tools say of themselves (names, descriptions, synonyms, products): any other is a name. */
  isOwn: (word: string) => boolean;
}

/** The signals of a request, and whether it names a system or product. */
export function signalsOf(
  request: string,
  raw: readonly string[],
  entities: readonly Entity[],
  { isListed, isName, isOwn, isCompany }: WordKinds,
  namesSystem: boolean,
): RequestSignals {
  const lower = request.toLowerCase();
  const text = phraseText(raw).replace(/ i m /g, " i'm ");
  // "show me", "get me" ask for something, not for the user's own account.
  const user = has(` ${lower.replace(/[^a-z0-9' ]+/g, ' ').replace(ASKED_FOR_ME, '$1')} `, USER_ACCOUNT);
  const tenant = has(` ${lower.replace(/[^a-z0-9' ]+/g, ' ')} `, TENANT_ACCOUNT);
  const name = ADDRESSED.exec(raw.join(' '))?.[2];
  const addressed = name !== undefined && isName(name);
  const relation = relationOf(text, request, {
    namesSomeone: raw.some((word) => isName(word) && !isCompany(word)),
    namesSystem,
    isNameWord: (word) => !isOwn(word) && !isCompany(word),
  });
  return {
    account: user === tenant ? undefined : user ? 'user' : 'tenant',
    // Verbs are read from the corrected words ("assgin" is "assign").
    intent: intentOf(`${raw.join(' ')}${request.trim().endsWith('?') ? '?' : ''}`, text, addressed),
    breakdown: BREAKDOWN.test(text),
    perPerson: PER_PERSON.test(text),
    dated: DATED.test(text),
    all: ALL.test(text),
    relation,
    nearRelation: nearRelationOf(relation, text),
    number: numberOf(request, raw, entities.filter((e) => !e.owner).length, isListed),
    entities,
    addressed,
    membersOf: entities.some((e) => !e.owner) && WHO_IS_IN.test(text),
  };
}
