import type { ToolDefinition } from '../../toolkit/define-tool.js';
import type { SystemSearchHints } from '../../toolkit/registry.js';
import type { RequestSignals } from './signals.js';

/**
 * How much each kind of evidence counts: added points for phrases the catalog's hints hold, factors for
 * what the request says as a whole. Set by hand, then by `bench/tool-search/tune.ts` on the tuning half
 * of our own requests alone.
 */
export const WEIGHTS = {
  /** A word a tool's text holds only through a synonym, against a word it says. */
  echo: 0.4,
  /** A word a request's word also means beside itself ("jira" also means ticket), against one it says. */
  alsoMeant: 0.25,
  /** Points per consecutive term pair shared with a name, alias or example. */
  pair: 1.2,
  /** The request holds every term of the tool's name ("open WEB-31": get, ticket). */
  wholeName: 1.1,
  /** Points per term of an alias the request holds whole. */
  alias: 1.6,
  /** Points for the nearest example request, at full likeness. */
  example: 10,
  /** Points for the nearest request of the tool's phrasing list, at full likeness. */
  phrasing: 10,
  /** A word only examples and phrasings hold (a name: `ada`, `initech`), against a word a tool's own text says. */
  nameWord: 0.3,
  /** The field weight of the words of a tool's phrasing list (a name's are 4, a description's 1.5). */
  phrasingWords: 2.5,
  /** The request names the tool's system (or two products or more, for a system joining systems), or another. */
  named: 2,
  unnamed: 0.5,
  /** The request asks how things relate, for a system that answers that. */
  relation: 2,
  /** …and its tool for that kind of relation question (a path, the neighbourhood, all about one). */
  relationKind: 2,
  /** Points for that tool whatever words match: the question's shape names it. */
  relationShape: 10,
  /** The request means the account the tool acts on, or the other; with none said, the user's own. */
  account: 1.6,
  otherAccount: 0.6,
  userByDefault: 1.1,
  /** A person's own work list, asked with "my", or not. */
  ownWork: 2.2,
  ownWorkUnasked: 0.8,
  /** …or asked of someone the request names ("what is karen working on"): the tools of one person's items. */
  ownWorkOfOther: 0.6,
  /** The tool reads or writes as the request does, or the other way; an action when neither is said. */
  intent: 1.5,
  otherIntent: 0.6,
  actionUnsaid: 0.8,
  /** An action tool named by the verb a request opens with ("drop …": delete), or by another action verb. */
  sameVerb: 1.2,
  otherVerb: 0.8,
  /** Many asked of a list tool, one of a get tool, or the other way. */
  number: 1.2,
  otherNumber: 0.9,
  /** A side-by-side analytical tool, asked side by side or not. */
  breakdown: 1.3,
  breakdownUnasked: 0.8,
  /** A tool of all of one's things ("list_all_events"), asked for neither all nor many. */
  allUnasked: 0.8,
  /** An analytical tool of one overall figure, asked side by side ("lead time by repo"). */
  wholeWhenBrokenDown: 0.7,
  /** An analytical tool whose rows are people, asked per person ("jira stats per engineer"). */
  perPerson: 1.3,
  /** A tool of calendars themselves, asked of a day or a time: what falls then is an event. */
  undated: 0.6,
};
export type Weights = typeof WEIGHTS;

/** Whose account a request means against whose the tool acts on; with none said, the user's own a little. */
export function accountFactor(
  account: SystemSearchHints['account'],
  asked: RequestSignals['account'],
  w: Weights,
): number {
  if (!account) return 1;
  if (!asked) return account === 'user' ? w.userByDefault : 1;
  return account === asked ? w.account : w.otherAccount;
}

/** An analytical tool whose rows are repositories or projects side by side (`…_by_repo`, `…_all_projects`). */
export const isBreakdown = (tool: ToolDefinition): boolean =>
  tool.capability.type === 'analytical' && /_by_(repo|project)|_all_projects$/.test(tool.name);

/**
 * A tool that lists (`list_…`, `get_issues`, `get_tickets_by_user`) or returns one thing (`get_issue`);
 * analytics are neither. A plural anywhere in the name lists ("tickets by user" are many tickets), and so
 * does a person's own work list.
 */
function numberOfTool(tool: ToolDefinition): 'many' | 'one' | undefined {
  if (tool.capability.type !== 'read') return undefined;
  if (/^(list|search)_|[^su]s(_|$)|(^|_)my_/.test(tool.name)) return 'many';
  return /^get_/.test(tool.name) ? 'one' : undefined;
}

/** Many things asked prefer the tools that list, one thing asked the tools that get one. */
export function numberFactor(tool: ToolDefinition, asked: RequestSignals['number'], w: Weights): number {
  const kind = numberOfTool(tool);
  if (!asked || !kind) return 1;
  return asked === kind ? w.number : w.otherNumber;
}

/** Reads prefer read and analytical tools, writes prefer actions; with no clear intent actions yield a little. */
export function intentFactor(tool: ToolDefinition, intent: RequestSignals['intent'], w: Weights): number {
  const isAction = tool.capability.type === 'action';
  if (intent === 'read') return isAction ? w.otherIntent : w.intent;
  if (intent === 'write') return isAction ? w.intent : w.otherIntent;
  return isAction ? w.actionUnsaid : 1;
}

/** An action tool whose name's verb is the one the request opens with gains; one named by another action yields. */
export function verbFactor(tool: ToolDefinition, asked: ReadonlySet<string>, w: Weights): number {
  if (tool.capability.type !== 'action' || asked.size === 0) return 1;
  return asked.has(tool.name.split('_')[0]) ? w.sameVerb : w.otherVerb;
}

/**
 * A person's own work list ("my PRs", "my wiki pages") answers for that person alone, asked with "my";
 * …unless it joins systems and the request asks of one system's thing alone ("my calendar today"); asked
 * of someone the request names, it yields to the tools of that person's items.
 */
export function ownWorkFactor(
  tool: ToolDefinition,
  asked: Pick<RequestSignals, 'account'> & { oneThing: boolean; namesOther: boolean },
  w: Weights,
): number {
  if (!/(^|_)my_/.test(tool.name)) return 1;
  if (asked.account === 'user' && !asked.oneThing) return w.ownWork;
  return asked.namesOther ? w.ownWorkOfOther : w.ownWorkUnasked;
}

/**
 * How much a request asks for: a tool of all of one's things ("list_all_events") answers a request for
 * all of them, or for many; a side-by-side breakdown one asked by repository or project, and a figure
 * of one whole yields to it then; asked per person, the tools whose rows are people (`…_developer_…`).
 */
export function scopeFactor(
  tool: ToolDefinition,
  asked: Pick<RequestSignals, 'all' | 'number' | 'breakdown' | 'perPerson'>,
  w: Weights,
): number {
  const all = asked.all || asked.number === 'many';
  const ofAll = /_all_/.test(tool.name) && !all ? w.allUnasked : 1;
  if (asked.perPerson && tool.capability.type === 'analytical')
    return ofAll * (/_developer_/.test(tool.name) ? w.perPerson : w.wholeWhenBrokenDown);
  if (isBreakdown(tool)) return asked.breakdown ? w.breakdown : w.breakdownUnasked;
  return ofAll * (asked.breakdown && tool.capability.type === 'analytical' ? w.wholeWhenBrokenDown : 1);
}

/** A calendar has no date: a request naming a day or a time ("my google calendar on monday") asks for its events. */
export const datedFactor = (tool: ToolDefinition, dated: boolean, w: Weights): number =>
  dated && /_calendars?$/.test(tool.name) ? w.undated : 1;
