/** How the catalog search reads text: lower-cased words, stop words dropped, synonyms expanded, stemmed. */

export type Synonyms = Readonly<Record<string, readonly string[]>>;

const STOPWORDS = new Set(
  'a an the of in on at for to and or my me i am is are it its be what which all with our we do how this that there any by from about'.split(
    ' ',
  ),
);

export const isStopword = (word: string): boolean => STOPWORDS.has(word);

/** A crude stem: enough to make review/reviews/reviewed and merge/merged/merging meet. */
function stem(word: string): string {
  let w = word;
  if (w.length > 4) w = w.replace(/(ing|ed|ies|es|s)$/, (m) => (m === 'ies' ? 'y' : ''));
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** A meeting of two people, however written ("1:1", "1-on-1", "one on one"): one word, not two numbers. */
const ONE_ON_ONE = /\b(1:1|1 ?(-|on) ?1|one[- ]on[- ]one)\b/g;

/** The raw lower-case words of a text, stop words kept: what phrases and typo correction read. */
export const tokens = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(ONE_ON_ONE, ' oneonone ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Search terms of raw tokens: synonyms expanded (`pr` → pull request), stop words dropped, stemmed. */
export const termsOf = (raw: readonly string[], synonyms: Synonyms = {}): string[] =>
  raw
    .flatMap((w) => synonyms[w] ?? [w])
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem);

/**
 * Consecutive term pairs of a text, of its words and of what their synonyms read them as, each pair
 * across two words: never two terms of one word's synonyms ("available" read as free busy is no
 * "free busy" phrase of a tool's text).
 */
export function pairsAcross(raw: readonly string[], synonyms: Synonyms): string[] {
  const words = raw.map((w) => ({ said: termsOf([w]), meant: termsOf([w], synonyms) })).filter((w) => w.meant.length);
  return words.slice(1).flatMap((word, i) => {
    const before = words[i];
    const pairs = [`${before.meant.at(-1)} ${word.meant[0]}`];
    if (before.said.length && word.said.length) pairs.push(`${before.said[0]} ${word.said[0]}`);
    return pairs;
  });
}

/** A text as space-separated lower-case words with spaces at both ends, to find whole phrases in. */
export const phraseText = (raw: readonly string[]): string => ` ${raw.join(' ')} `;

const EVERYDAY_VERBS: Readonly<Record<string, readonly string[]>> = {
  update: ['push', 'move', 'reschedule', 'rename', 'edit', 'change', 'bump', 'shift', 'fix', 'correct'],
  delete: ['cancel', 'trash', 'drop', 'unsend', 'forget', 'scrap'],
  create: ['book', 'schedule', 'new', 'make', 'start', 'file', 'log', 'raise'],
  remove: ['drop', 'untag', 'unlabel'],
  send: ['post', 'announce', 'tell', 'ping', 'say'],
  get: ['fetch', 'grab', 'retrieve'],
};

/**
 * Everyday names of things, also read as the word tools use: "move my standup" moves an event, and an
 * inbox holds mail unless a chat product is named ("my slack inbox").
 */
const EVERYDAY_NOUNS: Readonly<Record<string, readonly string[]>> = {
  event: ['standup', 'standups', 'sync', 'syncs', 'oneonone'],
  mail: ['inbox'],
};

/**
 * The systems' synonyms, everyday names of things (a standup is an event), and everyday verbs also read as the verbs tool names use: "push the retro to
 * thursday" asks to update, "drop the label" to remove. The word itself is kept, so aliases still match.
 */
export function withVerbs(synonyms: Synonyms): Synonyms {
  const out: Record<string, string[]> = Object.fromEntries(Object.entries(synonyms).map(([w, e]) => [w, [...e]]));
  for (const [verb, everyday] of Object.entries(EVERYDAY_VERBS))
    for (const word of everyday) out[word] = [...new Set([...(out[word] ?? [word]), verb])];
  for (const [noun, everyday] of Object.entries(EVERYDAY_NOUNS))
    for (const word of everyday) out[word] = [...new Set([...(out[word] ?? [word]), noun])];
  return out;
}

const WORKING_AS = new Set(['focusing on', 'focused on', 'busy with']);
const SELF = new Set(['i', 'm', 'am', 'we', 're', 'be']);
const DETERMINERS = new Set(['the', 'that', 'this', 'my', 'our', 'his', 'her', 'their', 'it']);
const looksLikeId = (word: string | undefined): boolean => word !== undefined && /\d/.test(word);

/**
 * Everyday verbs read as the verbs tool names use, where the next words decide. "Open" before a
 * determiner or an id gets that one ("open WEB-23", "open the runbook", "open event 5b1…"), before "a",
 * "an" or "new" it creates ("open a pull request"); anywhere else it is the adjective of open issues.
 * "Tell me" asks to be shown, where "tell the team" sends; "get rid of" deletes; "focusing on" is working on; "raise" creates only before "a", "an" or "new".
 */
export function verbsAsMeant(raw: readonly string[]): string[] {
  return raw.map((word, i) => {
    const next = raw[i + 1];
    if (word === 'tell' && next === 'me') return 'show';
    if (word === 'get' && next === 'rid') return 'delete';
    // What someone else is focusing on or busy with is what they work on; "I'm focusing on" is context.
    if (WORKING_AS.has(`${word} ${next}`) && !SELF.has(raw[i - 1] ?? '')) return 'working';
    // "Raise a bug" files one; "raise the priority" changes one.
    if (word === 'raise' && next !== undefined && !['a', 'an', 'new'].includes(next)) return 'update';
    if (word !== 'open' || next === undefined) return word;
    if (next === 'a' || next === 'an' || next === 'new') return 'create';
    return DETERMINERS.has(next) || looksLikeId(next) || looksLikeId(raw[i + 2]) ? 'get' : word;
  });
}

/**
 * The actions a request's first word asks for, itself and what its synonyms read it as ("drop": delete,
 * remove); "add a …" also creates ("add a lead"), where "add grace to …" adds to something there is.
 */
export function actionsAsked(raw: readonly string[], synonyms: Synonyms): string[] {
  const [first = '', next] = raw;
  const creates = first === 'add' && ['a', 'an', 'new'].includes(next ?? '');
  const asked = [first, ...(synonyms[first] ?? []), ...(creates ? ['create'] : [])];
  // Tools name one undoing "delete" or "remove" by what they undo: a request means either.
  return asked.some((v) => v === 'delete' || v === 'remove') ? [...asked, 'delete', 'remove'] : asked;
}

/** Verbs whose request goes on to say what to write: "comment on PAY-9 that the tests passed". */
const WRITES_TEXT = new Set([
  'comment',
  'reply',
  'post',
  'send',
  'message',
  'tell',
  'write',
  'ping',
  'dm',
  'email',
  'add',
  'leave',
]);
const BODY_STARTS = new Set(['that', 'saying']);

/**
 * The words of a request that ask, without the text it wants written: after "comment on PAY-9", the words
 * "that the tests passed" are the comment, not words of the tool wanted.
 */
export function withoutBody(raw: readonly string[]): readonly string[] {
  if (!WRITES_TEXT.has(raw[0] ?? '')) return raw;
  const body = raw.findIndex((w, i) => i > 1 && BODY_STARTS.has(w));
  return body === -1 ? raw : raw.slice(0, body);
}

/** Contractions written without their apostrophe ("whats", "im"), as the words tokens make of them with it. */
const CONTRACTED: Readonly<Record<string, readonly string[]>> = {
  whats: ['what', 's'],
  whos: ['who', 's'],
  wheres: ['where', 's'],
  hows: ['how', 's'],
  thats: ['that', 's'],
  im: ['i', 'm'],
};

/** A request's words with contractions written without an apostrophe read as those written with one. */
export const withContractions = (raw: readonly string[]): string[] => raw.flatMap((w) => CONTRACTED[w] ?? [w]);
