import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { Registry, Relation } from '../toolkit/registry.js';
import {
  accountFactor,
  datedFactor,
  intentFactor,
  numberFactor,
  ownWorkFactor,
  scopeFactor,
  verbFactor,
  WEIGHTS,
  type Weights,
} from './search/factors.js';
import { companiesNamed, companyNames } from './search/companies.js';
import { entitiesOf, withEntitiesAsIds } from './search/entities.js';
import { evidenceOf, idsAsOne, requestWords, type TermWeight } from './search/evidence.js';
import { signalsOf, type RequestSignals } from './search/signals.js';
import { SystemSpans } from './search/spans.js';
import {
  actionsAsked,
  verbsAsMeant,
  phraseText,
  termsOf,
  tokens,
  withVerbs,
  withoutBody,
  withContractions,
  type Synonyms,
} from './search/text.js';
import { TypoCorrector } from './search/typos.js';
import { asPhrase, indexTool, type IndexedTool } from './search/indexed-tool.js';
import type { SearchHit } from './search/hit.js';

export { hitView, type SearchHit } from './search/hit.js';

interface SearchOptions {
  system?: string;
  limit?: number;
  include?: (tool: ToolDefinition) => boolean;
}

/** What one request brings to every tool's score. */
interface Request {
  terms: string[];
  /** Terms a word also means beside itself ("jira" also means ticket): weaker than what it says. */
  alsoMeant: ReadonlySet<string>;
  /** Its terms as examples are compared: any id as one term. */
  exampleTerms: ReadonlySet<string>;
  pairs: string[];
  text: string;
  named: Set<string>;
  /** How many products it names, each once: "slack" names two systems but one product. */
  products: number;
  signals: RequestSignals;
  corrections: string[];
  /** The actions its first word asks for, among the verbs action tools are named by ("drop": delete, remove). */
  verbs: ReadonlySet<string>;
  /** It holds a name the catalog's requests use for people and things (`karen`, `initech`), not the user. */
  namesOther: boolean;
}

const pairsOf = (terms: readonly string[]): string[] => terms.slice(1).map((t, i) => `${terms[i]} ${t}`);

/**
 * The catalog search of discovery mode, the REST search route and the CLI: how an agent finds the tool
 * for a task without loading every schema. Words score by field and rarity (names and aliases above
 * examples above descriptions), phrases from aliases and examples add more, and what the request says
 * as a whole scales the result: the product it names, whose account it means, the entities it carries,
 * and whether it reads, writes or hands over context. Unknown words are corrected to the catalog's.
 */
export class CatalogSearch {
  private readonly index: IndexedTool[];
  private readonly documentFrequency = new Map<string, number>();
  private readonly synonyms: Synonyms;
  private readonly corrector: TypoCorrector;
  private readonly names: Array<{ phrase: string; system: string }>;
  /** The stemmed words of tool names: the things a plural in a request can ask for many of. */
  private readonly nouns: Set<string>;
  /** The verbs action tools are named by (create, delete, send…). */
  private readonly actionVerbs: Set<string>;
  /** The words tools say of themselves; the other words of their requests are names (`ada`, `initech`). */
  private readonly ownWords: ReadonlySet<string>;
  /** How much each term counts when a request is compared whole with the catalog's own requests. */
  private readonly termWeight: TermWeight;
  /** The names the catalog's requests use (`ada`, `initech`): words of requests no tool's own text says. */
  private readonly requestNames: ReadonlySet<string>;
  /** The names its requests use for companies (`initech`): a CRM account's, not a person's. */
  private readonly companies: ReadonlySet<string>;
  private readonly spans: SystemSpans;

  constructor(
    registry: Registry,
    tools: readonly ToolDefinition[],
    private readonly weights: Weights = WEIGHTS,
  ) {
    this.synonyms = withVerbs(registry.synonyms);
    this.spans = new SystemSpans(registry.systems);
    const vocabulary = new Map<string, number>();
    const learn = (text: string) => {
      for (const word of tokens(text)) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
    };
    this.names = registry.systems.flatMap((s) =>
      (s.search?.names ?? []).map((name) => ({ phrase: asPhrase(name), system: s.id })),
    );
    for (const s of registry.systems) learn(`${s.keywords.join(' ')} ${(s.search?.names ?? []).join(' ')}`);
    for (const word of Object.keys(this.synonyms)) learn(word);
    this.index = tools.map((tool) => indexTool(tool, registry.system(tool.system), this.synonyms, weights, learn));
    for (const entry of this.index) {
      const seen = new Set(entry.fields.flatMap((f) => [...f.words]));
      for (const word of seen) this.documentFrequency.set(word, (this.documentFrequency.get(word) ?? 0) + 1);
    }
    this.ownWords = this.wordsOfTools(registry);
    ({ weight: this.termWeight, names: this.requestNames } = requestWords(this.index, this.ownWords));
    this.companies = companyNames(this.index, this.requestNames);
    this.corrector = new TypoCorrector(vocabulary);
    this.nouns = new Set(tools.flatMap((t) => termsOf(t.name.split('_'), this.synonyms)));
    this.actionVerbs = new Set(tools.filter((t) => t.capability.type === 'action').map((t) => t.name.split('_')[0]));
  }

  /** The words tools say of themselves: names, aliases, descriptions, keywords, synonyms, products. */
  private wordsOfTools(registry: Registry): Set<string> {
    const own = new Set(termsOf(Object.entries(this.synonyms).flat(2)));
    for (const s of registry.systems) for (const t of termsOf(tokens((s.search?.names ?? []).join(' ')))) own.add(t);
    for (const field of this.index.flatMap((entry) => entry.fields.filter((f) => !f.requests)))
      for (const t of [...field.words, ...field.echoes]) own.add(t);
    return own;
  }

  private isListed(word: string): boolean {
    return termsOf([word], this.synonyms).some((t) => this.nouns.has(t));
  }

  search(query: string, options: SearchOptions = {}): SearchHit[] {
    const request = this.read(query);
    const hits: SearchHit[] = [];
    for (const entry of this.index) {
      if (options.system && entry.tool.system !== options.system) continue;
      if (options.include && !options.include(entry.tool)) continue;
      const hit = this.score(entry, request);
      if (hit) hits.push(hit);
    }
    return hits
      .sort((a, b) => b.score - a.score || a.tool.qualifiedName.localeCompare(b.tool.qualifiedName))
      .slice(0, options.limit ?? 8);
  }

  private read(query: string): Request {
    const corrections: string[] = [];
    const found = entitiesOf(query);
    const raw = verbsAsMeant(
      withContractions(tokens(withEntitiesAsIds(query, found))).map((word) => {
        const meant = this.corrector.correct(word);
        if (meant !== word) corrections.push(`${word}→${meant}`);
        return meant;
      }),
    );
    const entities = [...found, ...companiesNamed(raw, this.companies, (w) => this.isListed(w))];
    const asked = withoutBody(raw);
    // What the words say and what their synonyms add: "PRs" matches a tool saying "PRs" or "pull requests".
    const terms = [...termsOf(asked), ...termsOf(asked, this.synonyms)].filter((t) => !/^\d+$/.test(t));
    const text = phraseText(raw);
    const named = this.names.filter((n) => text.includes(n.phrase));
    const signals = signalsOf(
      query,
      raw,
      entities,
      {
        isListed: (word) => this.isListed(word),
        isName: (word) => termsOf([word]).some((t) => this.requestNames.has(t)),
        isCompany: (word) => termsOf([word]).some((t) => this.companies.has(t)),
        isOwn: (word) => termsOf([word]).some((t) => this.ownWords.has(t)),
      },
      named.length > 0,
    );
    // What an entity is counts as a word of the request: `acme/web#88` asks about an issue.
    const kinds = termsOf(signals.entities.flatMap((e) => (e.kind ? [e.kind] : [])));
    const phrases = new Set(named.map((n) => n.phrase));
    return {
      terms: [
        ...new Set([
          ...terms,
          ...kinds,
          ...(signals.addressed ? ['send'] : []),
          ...(signals.membersOf ? ['member'] : []),
        ]),
      ],
      alsoMeant: this.alsoMeant(asked),
      exampleTerms: new Set(idsAsOne(termsOf(asked, this.synonyms))),
      // "Who is in #deploys": the members of a channel, as a phrase.
      pairs: [
        ...pairsOf(termsOf(asked)),
        ...pairsOf(termsOf(asked, this.synonyms)),
        ...(signals.membersOf ? kinds.map((kind) => `${kind} member`) : []),
      ],
      text,
      named: new Set(named.map((n) => n.system)),
      products: [...phrases].filter((p) => ![...phrases].some((q) => q !== p && q.includes(p))).length,
      signals,
      corrections,
      namesOther: termsOf(raw).some((t) => this.requestNames.has(t)),
      verbs: new Set(actionsAsked(raw, this.synonyms).filter((v) => this.actionVerbs.has(v))),
    };
  }

  /** The terms synonyms add to words they keep (`bug` → bug, issue, ticket), less any the request says. */
  private alsoMeant(raw: readonly string[]): Set<string> {
    const said = new Set(termsOf(raw));
    const added = raw.flatMap((w) => (this.synonyms[w]?.includes(w) ? this.synonyms[w].filter((x) => x !== w) : []));
    return new Set(termsOf(added).filter((t) => !said.has(t)));
  }

  private score(entry: IndexedTool, request: Request): SearchHit | undefined {
    const { tool, hints } = entry;
    const w = this.weights;
    const rarity = (term: string) => Math.log(1 + this.index.length / (this.documentFrequency.get(term) ?? 1));
    let score = 0;
    const matched: string[] = [];
    for (const term of request.terms) {
      const best =
        Math.max(
          0,
          ...entry.fields.map((f) => (f.words.has(term) ? f.weight : f.echoes.has(term) ? f.weight * w.echo : 0)),
        ) *
        (request.alsoMeant.has(term) ? w.alsoMeant : 1) *
        // A name only the catalog's requests hold ("grace") says little of which tool a request wants.
        (this.ownWords.has(term) ? 1 : w.nameWord);
      if (best === 0) continue;
      matched.push(term);
      score += best * rarity(term);
    }
    const phrase = entry.phrases.find((p) => request.text.includes(p));
    // The tool that answers the shape of a relation question is a hit even when no word of it matches.
    const shapeOf = (kind: Relation | undefined) => kind !== undefined && hints.relations?.[kind] === tool.name;
    const shape = shapeOf(request.signals.relation);
    const nearShape = shapeOf(request.signals.nearRelation);
    if (score === 0 && !phrase && !shape && !nearShape) return undefined;
    score *= Math.sqrt(matched.length / Math.max(1, request.terms.length));
    const pairs = request.pairs.filter((p) => entry.pairs.has(p));
    const evidence = evidenceOf(entry, request.exampleTerms, w, this.termWeight);
    score += w.pair * pairs.length + evidence.points + (shape || nearShape ? w.relationShape : 0);
    // Many things asked by their noun name the tool that lists them: "which databases are there" is list_databases.
    const listAsked = (t: string) => t === 'list' && request.signals.number === 'many';
    if (entry.name.every((t) => request.terms.includes(t) || listAsked(t))) score *= w.wholeName;
    const reasons = [`words: ${matched.join(', ')}`];
    if (evidence.like) reasons.unshift(`like "${evidence.like}"`);
    if (phrase) {
      score = (score + 10) * 3;
      reasons.unshift(`phrase "${phrase.trim()}"`);
    }
    if (request.named.size) {
      const across =
        !request.named.has(tool.system) &&
        ((request.products > 1 && hints.across === true) ||
          this.spans.asked(tool, request.named, request.terms, request.text));
      const named = request.named.has(tool.system) || across;
      score *= named ? w.named : w.unnamed;
      if (named) reasons.unshift(across ? 'names several systems' : `names ${tool.system}`);
    }
    // A question of how things relate wants the graph, and the entities it names are the graph's too.
    const relation = request.signals.relation;
    if (relation && hints.relations) {
      score *= shape ? w.relation * w.relationKind : w.relation;
      reasons.unshift('asks how things relate');
    }
    const entities = relation ? [] : request.signals.entities.filter((e) => e.system === tool.system);
    if (entities.length) {
      score *= Math.max(...entities.map((e) => e.weight));
      reasons.unshift(`entity ${entities.map((e) => e.evidence).join(', ')}`);
    }
    score *= accountFactor(hints.account, request.signals.account, w);
    const oneThing = this.spans.oneThingAsked(tool, request.named, request.terms, request.signals.all);
    score *= ownWorkFactor(tool, { ...request.signals, oneThing, namesOther: request.namesOther }, w);
    if (hints.account && hints.account === request.signals.account)
      reasons.push(hints.account === 'user' ? "the user's own account" : "the tenant's connected system");
    score *= intentFactor(tool, request.signals.intent, w) * numberFactor(tool, request.signals.number, w);
    score *= verbFactor(tool, request.verbs, w);
    score *= scopeFactor(tool, request.signals, w) * datedFactor(tool, request.signals.dated, w);
    if (request.corrections.length) reasons.push(`read as ${request.corrections.join(', ')}`);
    return { tool, score, reason: reasons.join('; ') };
  }
}
