/** How things relate, as a request asks it: the graph's kinds of relation questions, read from their shape. */
import type { Relation } from '../../toolkit/registry.js';
import { isStopword } from './text.js';

const PEOPLE = '(who|people|persons|users|anyone|everyone|engineers|developers|contributors|colleagues)';
/** Two conditions on the same people ("people who committed to X and also hold tickets"): a pattern query. */
const TWO_CONDITIONS = new RegExp(
  [
    `\\b${PEOPLE}\\b.* (and|but|while|who) (also|both|at the same time)\\b`,
    `\\b${PEOPLE}\\b.* as well as\\b`,
    `\\b${PEOPLE} (who |that )?both\\b`,
    // "Who works on both acme/web and acme/api": the people two conditions share, not what surrounds one thing.
    `\\b${PEOPLE} (works?|worked|is working|contributes?|contributed|commits?|committed) (on|to) both\\b`,
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
  // "Match tickets with their assignees" opens with the pattern query's own verb.
  ['match', /^ match\b/],
  // What is directly linked to one thing is that thing's own relationships, not a chain or hops out.
  [
    'about',
    /\b(directly|direct|immediately) (connected|linked|related|tied)\b|\b(connected|linked|related|tied) directly\b/,
  ],
  // Hops, a neighbourhood or what surrounds a thing reach past its own links: the graph around it.
  ['around', /\bneighbou?rs? of\b|\bneighbou?rhood\b|\bhops?\b|\b(few|two|three|several) (steps|levels) (out|away)\b/],
  ['around', /\bwhat (is |s )?(around|surrounds?)\b|\bhangs? off\b/],
  // Whether two accounts are one human: the person across systems.
  ['person', /\bsame (person|human|individual|colleague)\b/],
  ['path', /\bhow (is|are|was|were) .+ (connected|related|linked|tied)\b/],
  // "How X and Y are related", "why is ada tied to WEB-40": the chain between two named things.
  ['path', /\b(how|why) \w+.* (is|are|was|were|got|get|end(ed)? up) (connected|related|linked|tied)\b/],
  ['path', /\b(route|relationship|relation|degrees? of separation) between\b/],
  // "What is X connected to" asks for what surrounds X (the catalog's own example of graph_traverse); "is X
  // connected to Y" the chain between them.
  ['around', /\bwhat (is|are) \w+ (connected|related|linked|tied) (to|with) (and |$)/],
  ['path', /\b(is|are) \w+ (connected|related|linked|tied) (to|with)\b/],
  ['path', /\bwhat (connects|links|ties|relates) .+ (to|and|with)\b/],
  ['path', /\b(path|chain|link|links|connection|connections) (between|from)\b/],
  [
    'path',
    /\bhow (do|does|did) .+ (connect|relate|tie|fit) (in|into|to|with)\b|\b(tied|linked|connected|related) together\b/,
  ],
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
  // The people around a person: who they work with, their collaborators (not one repository's).
  ['around', /\b(who|people|colleagues)\b.* (worked|works|work|collaborated|collaborates|teamed up) with\b/],
  ['around', /\b(his|her|their|[a-z]+ s) (collaborators|coworkers|co workers|peers|neighbou?rs)\b/],
  // Who shares work with someone ("who does ada share tickets with"): the people around them.
  ['around', /\bwho (does|do|did) \w+ (share|shares|split|pair on) .*\bwith\b/],
  ['around', /\b(what|which \w+) (references?|points? to|depends? on)\b/],
  ['around', /\bsame \w+s as\b/],
  ['around', /\b(expand|explore|walk)\b.* (graph|around|from)\b/],
  // Not "the account connected to": a thing is connected to the workspace, a person or item to another.
  [
    'around',
    /\b(everything|anything|what|who|whatever|entities|things|else|is|are)( is| are)? (connected|related|linked|tied) (to|with)\b/,
  ],
  ['around', /\b(what|who|which \w+) (links?|connects?|relates?) to\b/],
  // Who did what and when: the activity feed, of everyone or of one thing ("who touched it and when").
  ['activity', /\bwho (did|ran|changed|touched|edited|updated|looked at|viewed) what\b|\bwho\b.* and when\b/],
  ['activity', /\b(has|have) .+ been (up to|doing|busy with)\b|\bwhat (has|have) (?!i\b|we\b)\w+ (done|did)\b/],
  ['activity', /\bwhat (has |have )?(changed|happened)( lately| recently| today| yesterday| this week| since)\b/],
  ['around', /\bwhat else\b.* (work|worked|touch|touched|link|linked|connect|connected|tie|tied)\b|\bin common\b/],
];

// "Who is U024BE7LH", "who is ada@acme.com": a member id or an email asks who the person is, of any system;
// a member id "on slack" is that system's member.
const WHO_IS = /^ ?(who|which person) (is|are)\b/;
const MEMBER_ID = /\b[uw](?=[a-z0-9]*\d)[a-z0-9]{6,}\b/;
const EMAIL = /\S+@\S+\.\w+/;

/** Every account of someone named ("what accounts does linus have", "grace's logins"): that person. */
// Plural accounts and handles only: "the initech account" is a CRM account, "who handles" a verb.
const IDENTITIES = / (accounts|identities|identity|logins?|handles|usernames?) /;

/**
 * "Who is grace hopper", "tell me about Linus Torvalds": a question of someone by name alone. "Who" asks of
 * a person whatever the name; "about" only of a first and last name, as one word may be a company's
 * ("tell me about initech").
 */
const ASKS_WHO = /^ (who is|who s|who are|which person is) (.+) $/;
const ASKS_ABOUT = /^ (show|tell|what) (me )?about (.+) $/;

function asksOfSomeone(text: string, isNameWord: (word: string) => boolean): boolean {
  const namesOnly = (words: string | undefined, least: number) => {
    const said = (words ?? '').split(' ').filter((w) => w && !isStopword(w));
    return said.length >= least && said.every((w) => !/\d/.test(w) && isNameWord(w));
  };
  return namesOnly(ASKS_WHO.exec(text)?.[2], 1) || namesOnly(ASKS_ABOUT.exec(text)?.[3], 2);
}

/** What the request holds beside its words, for reading which relation it asks about. */
export interface RelationClues {
  /** It holds a name the catalog's requests use (`grace`, `linus`). */
  namesSomeone: boolean;
  /** It names a system or product ("on slack"): a member id is then that system's member. */
  namesSystem: boolean;
  /** A word no tool's text holds (`grase`, `torvalds`): a name, or a misspelt one. */
  isNameWord: (word: string) => boolean;
}

/** The kind of relation question a request asks, read from its shape, if any. */
export function relationOf(text: string, request: string, clues: RelationClues): Relation | undefined {
  if (WHO_IS.test(text) && (EMAIL.test(request) || (MEMBER_ID.test(text) && !clues.namesSystem))) return 'person';
  if (clues.namesSomeone && IDENTITIES.test(text)) return 'person';
  if (asksOfSomeone(text, clues.isNameWord)) return 'person';
  return RELATIONS.find(([, pattern]) => pattern.test(text))?.[0];
}

const LINKED_TO = /\b(connected|related|linked|tied) (to|with)\b/;
const HOPS = /\bhops?\b|\b(steps|levels) (out|away)\b|\bneighbou?r/;

/**
 * The kind of question a relation question may also be: what is linked to one thing, with no depth said, is
 * what surrounds it first (graph_traverse's own example), and its direct relationships a close second.
 */
export const nearRelationOf = (relation: Relation | undefined, text: string): Relation | undefined =>
  relation === 'around' && LINKED_TO.test(text) && !HOPS.test(text) ? 'about' : undefined;
