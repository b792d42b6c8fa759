/** The entities a request names: ticket keys, `owner/repo#N`, `owner/repo`, `#channel`, project keys. */

/** An entity a request names, the system it belongs to, and the word for what it is (`WEB-17`: a ticket). */
export interface Entity {
  system: string;
  evidence: string;
  kind?: string;
  /** How sure the pattern is of its system: a bare `owner/repo` is also what graph questions name. */
  weight: number;
  /** A name whose things are asked ("initech's accounts"), not one thing itself as a key or an id is. */
  owner?: boolean;
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

/** The entities of a request, each once, the surest pattern first. */
export function entitiesOf(request: string): Entity[] {
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
  return entities;
}

/**
 * The request with each entity of a known kind as one id: the letters of `PAY-112` or `#deploys` are a
 * name, not words a tool's text should match ("pay", "deploys"). Bare `owner/repo` and project keys stay:
 * they may be words ("free/busy", "in CI").
 */
export const withEntitiesAsIds = (request: string, entities: readonly Entity[]): string =>
  entities.filter((e) => e.kind).reduce((text, e) => text.split(e.evidence).join(' 0 '), request);
