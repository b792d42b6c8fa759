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
  /** Systems an entity in the request belongs to, each with the evidence (`WEB-17`, `acme/web#88`). */
  entities: ReadonlyArray<Entity>;
}

// Phrases, matched as whole words on the lower-cased request.
const USER_ACCOUNT = [' my ', ' mine ', ' my own ', ' as me ', ' i ', " i'm ", ' me '];
const TENANT_ACCOUNT = [
  ' team ',
  " team's ",
  ' teams ',
  ' workspace ',
  " workspace's ",
  ' company ',
  " company's ",
  ' shared ',
  ' connected ',
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

/** An entity a request names, the system it belongs to, and the word for what it is (`WEB-17`: a ticket). */
interface Entity {
  system: string;
  evidence: string;
  kind?: string;
  /** How sure the pattern is of its system: a bare `owner/repo` is also what graph questions name. */
  weight: number;
}

const ENTITIES: ReadonlyArray<Omit<Entity, 'evidence'> & { pattern: RegExp }> = [
  { pattern: /\b[A-Z][A-Z0-9]{1,9}-\d+\b/g, system: 'ticketing', kind: 'ticket', weight: 1.5 },
  { pattern: /\b[\w.-]+\/[\w.-]+#\d+\b/g, system: 'code_host', kind: 'issue', weight: 1.5 },
  { pattern: /\b[a-z][\w.-]*\/[\w.-]*[a-z]\b(?![/#])/g, system: 'code_host', weight: 1.2 },
  { pattern: /(?:^|\s)#[a-z][\w-]*/g, system: 'chat', kind: 'channel', weight: 1.5 },
];

/** A project key on its own ("the MOB project", "WEB tickets"): capitals beside a ticketing word. */
const PROJECT_KEY = /\b[A-Z]{2,6}\b(?= (project|board|backlog|sprint|tickets?|stories|bugs))/g;
/** Capitals after "in" may be a project key ("in WEB") or any acronym ("in CI"): weaker. */
const PROJECT_KEY_MAYBE = /\bin ([A-Z]{2,6})\b/g;

const UNITS = '(repo|repos|repository|repositories|project|projects|team|teams|service|services)';
const BREAKDOWN = new RegExp(
  `\\b(per|each|by|across|every|which|all( of)?( our| the)?) ${UNITS}\\b|\\b(compare|comparing|side by side|broken down|${UNITS} by ${UNITS})\\b`,
);

const has = (text: string, phrases: readonly string[]) => phrases.some((p) => text.includes(p));

/** Where in the request a pattern or phrase first occurs, or -1. */
function firstIndex(lower: string, pattern: RegExp, phrases: readonly string[]): number {
  const found = [pattern.exec(lower)?.index ?? -1, ...phrases.map((p) => ` ${lower} `.indexOf(p))].filter(
    (i) => i >= 0,
  );
  return found.length ? Math.min(...found) : -1;
}

/** Whether the request reads (a question, "look through") or writes, judged by what it asks first. */
function intentOf(lower: string, text: string): RequestSignals['intent'] {
  if (has(text, CONTEXT)) return 'context';
  if (QUESTION_START.test(lower.trim())) return 'read';
  const read = firstIndex(lower, READ_VERBS, READ_PHRASES);
  // A noun that opens a request is a command ("comment on the page", "label it").
  const write = IMPERATIVE_NOUN.test(lower.trim()) ? 0 : (WRITE_VERBS.exec(lower)?.index ?? -1);
  if (write !== -1 && (read === -1 || write < read)) return 'write';
  return read !== -1 ? 'read' : undefined;
}

const ONE = / (that|this|one|the) [a-z]+ (by|with) | (that|this) (one )?[a-z]+ /;
const ID = /\b[\w.-]*\d{3,}[\w.-]*\b|#\d+\b/;

const EVERY = new Set(['all', 'every', 'everyone', 'everybody']);

/** Many things ("open deals", "my emails") or one ("deal 006…", "that message"), when the request says. */
function numberOf(
  request: string,
  raw: readonly string[],
  entities: number,
  isListed: (word: string) => boolean,
): RequestSignals['number'] {
  const one = entities > 0 || ID.test(request) || ONE.test(phraseText(raw));
  // "properties of a page" asks about one page: a plural before "of" names its parts, not many of it.
  const many =
    raw.some((w) => EVERY.has(w)) ||
    raw.some((w, i) => /[^su]s$/.test(w) && w.length > 3 && raw[i + 1] !== 'of' && isListed(w));
  if (one === many) return undefined;
  return one ? 'one' : 'many';
}

/** The signals of a request; `isListed` tells the things tools list, whose plurals ask for many. */
export function signalsOf(
  request: string,
  raw: readonly string[],
  isListed: (word: string) => boolean,
): RequestSignals {
  const lower = request.toLowerCase();
  const text = phraseText(raw).replace(/ i m /g, " i'm ");
  const user = has(` ${lower.replace(/[^a-z0-9' ]+/g, ' ')} `, USER_ACCOUNT);
  const tenant = has(` ${lower.replace(/[^a-z0-9' ]+/g, ' ')} `, TENANT_ACCOUNT);
  const entities: Entity[] = [];
  const seen = new Set<string>();
  for (const { pattern, system, kind, weight } of ENTITIES)
    for (const match of request.matchAll(pattern)) {
      const evidence = match[0].trim();
      if (seen.has(evidence) || [...seen].some((s) => s.includes(evidence))) continue;
      seen.add(evidence);
      entities.push({ system, evidence, kind, weight });
    }
  for (const match of request.matchAll(PROJECT_KEY))
    entities.push({ system: 'ticketing', evidence: match[0], weight: 2 });
  for (const match of request.matchAll(PROJECT_KEY_MAYBE))
    if (!entities.some((e) => e.evidence === match[1]))
      entities.push({ system: 'ticketing', evidence: match[1] ?? '', weight: 1.3 });
  return {
    account: user === tenant ? undefined : user ? 'user' : 'tenant',
    // Verbs are read from the corrected words ("assgin" is "assign").
    intent: intentOf(`${raw.join(' ')}${request.trim().endsWith('?') ? '?' : ''}`, text),
    breakdown: BREAKDOWN.test(text),
    number: numberOf(request, raw, entities.length, isListed),
    entities,
  };
}
