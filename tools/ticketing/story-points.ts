/**
 * Which field holds story points, discovered per project, never hard-coded: a company-managed
 * (classic) project usually uses "Story Points", a team-managed one "Story point estimate", and each
 * site gives them its own `customfield_NNNNN` id. The site's field list (`GET /rest/api/3/field`)
 * names the candidates; the project's board estimation setting, else its create screen
 * (createmeta), says which one the project uses. Answers are cached per client (one per tenant and
 * credential) for a few minutes.
 */
import type { AgileClient, Version3Client } from 'jira.js';
import type { JiraClients } from '../../src/integrations/atlassian/jira-client.js';
import { memoryLasting } from '../../src/integrations/client-memory.js';

interface SiteField {
  id: string;
  name: string;
  custom: boolean;
  /** `schema.custom` of a custom field (its type key). */
  customType?: string;
  /** `schema.type`: number, string, array... */
  type?: string;
}

interface StoryPointsField {
  id: string;
  name: string;
  /** How it was found: the board's estimation setting, the create screen, or the only candidate. */
  source: 'board' | 'createmeta' | 'fields';
}

const JSW_STORY_POINTS = 'com.pyxis.greenhopper.jira:jsw-story-points';
const FLOAT_FIELD = 'com.atlassian.jira.plugin.system.customfieldtypes:float';
const SPRINT_FIELD = 'com.pyxis.greenhopper.jira:gh-sprint';
const STORY_POINT_NAME = /^(?:story ?points?|story point estimate|estimate \(story points\))$/i;

const DISCOVERY_TTL_MS = 5 * 60_000;

/** Per client, for DISCOVERY_TTL_MS; a failed lookup is forgotten at once. */
const cached = <T>(owner: object, key: string, load: () => Promise<T>): Promise<T> =>
  memoryLasting(owner, DISCOVERY_TTL_MS).recall(key, load);

interface FieldDetailsLike {
  id?: string;
  key?: string;
  name?: string;
  custom?: boolean;
  schema?: { type?: string; custom?: string };
}

/** Every field of the site (`GET /rest/api/3/field`), cached. */
export function siteFields(v3: Version3Client): Promise<SiteField[]> {
  return cached(v3, 'fields', async () => {
    const fields = await v3.issueFields.getFields<FieldDetailsLike[]>();
    return (Array.isArray(fields) ? fields : [])
      .filter((f) => typeof f.id === 'string' && typeof f.name === 'string')
      .map((f) => ({
        id: f.id as string,
        name: f.name as string,
        custom: f.custom === true,
        customType: f.schema?.custom,
        type: f.schema?.type,
      }));
  });
}

/** Fields that may hold story points: Jira Software's estimate field and number fields named so. */
export function storyPointCandidates(fields: readonly SiteField[]): SiteField[] {
  const candidates = fields.filter(
    (f) =>
      f.customType === JSW_STORY_POINTS ||
      (STORY_POINT_NAME.test(f.name.trim()) && (f.type === 'number' || f.customType === FLOAT_FIELD)),
  );
  // Jira Software's own field first: it is what team-managed projects use and what boards default to.
  return candidates.sort(
    (a, b) => Number(b.customType === JSW_STORY_POINTS) - Number(a.customType === JSW_STORY_POINTS),
  );
}

/** The sprint field of the site (Jira Software's `gh-sprint` custom field), if any. */
export async function sprintField(v3: Version3Client): Promise<string | undefined> {
  const fields = await siteFields(v3);
  return (fields.find((f) => f.customType === SPRINT_FIELD) ?? fields.find((f) => f.custom && f.name === 'Sprint'))?.id;
}

/** The story points field of one project, or null when the site or the project has none. */
export function storyPointsField(clients: JiraClients, projectKey: string): Promise<StoryPointsField | null> {
  return cached(clients.v3, `story-points:${projectKey.toUpperCase()}`, async () => {
    const fields = await siteFields(clients.v3);
    const candidates = storyPointCandidates(fields);
    const byId = new Map(fields.map((f) => [f.id, f]));
    const fromBoard = await boardEstimationField(clients.agile, projectKey);
    const boardField = fromBoard ? byId.get(fromBoard) : undefined;
    if (boardField) return { id: boardField.id, name: boardField.name, source: 'board' };
    if (candidates.length === 0) return null;
    const onScreen = await createScreenFields(clients.v3, projectKey);
    const used = candidates.find((c) => onScreen.has(c.id));
    if (used) return { id: used.id, name: used.name, source: 'createmeta' };
    // A readable create screen without any candidate: the project does not estimate in points.
    if (onScreen.size > 0) return null;
    // Nothing could tell: Jira Software's field, else the first candidate.
    return { id: candidates[0].id, name: candidates[0].name, source: 'fields' };
  });
}

/** The estimation field of the project's first board that estimates with a field; undefined otherwise. */
async function boardEstimationField(agile: AgileClient, projectKey: string): Promise<string | undefined> {
  try {
    const boards = await agile.board.getAllBoards<{ values?: Array<{ id?: number; type?: string }> }>({
      projectKeyOrId: projectKey,
      maxResults: 5,
    });
    for (const board of (boards.values ?? []).slice(0, 3)) {
      if (typeof board.id !== 'number') continue;
      const config = await agile.board.getConfiguration<{
        estimation?: { type?: string; field?: { fieldId?: string } };
      }>({ boardId: board.id });
      const fieldId = config.estimation?.field?.fieldId;
      if (config.estimation?.type === 'field' && fieldId) return fieldId;
    }
  } catch {
    // No Jira Software, no board, or no permission to read it: fall back to the create screen.
  }
  return undefined;
}

/** Field ids on the project's create screens (its standard issue types, stories first). */
async function createScreenFields(v3: Version3Client, projectKey: string): Promise<Set<string>> {
  const ids = new Set<string>();
  try {
    const page = await v3.issues.getCreateIssueMetaIssueTypes<{
      issueTypes?: Array<{ id?: string; name?: string; subtask?: boolean }>;
      createMetaIssueType?: Array<{ id?: string; name?: string; subtask?: boolean }>;
    }>({ projectIdOrKey: projectKey });
    const types = (page.issueTypes ?? page.createMetaIssueType ?? []).filter((t) => t.id && !t.subtask);
    types.sort((a, b) => Number(b.name === 'Story') - Number(a.name === 'Story'));
    for (const type of types.slice(0, 3)) {
      const meta = await v3.issues.getCreateIssueMetaIssueTypeId<{
        fields?: Array<{ fieldId?: string }>;
        results?: Array<{ fieldId?: string }>;
      }>({
        projectIdOrKey: projectKey,
        issueTypeId: type.id as string,
        maxResults: 200,
      });
      for (const field of meta.fields ?? meta.results ?? []) if (field.fieldId) ids.add(field.fieldId);
    }
  } catch {
    // No create permission in this project: the screen cannot tell.
  }
  return ids;
}
