import type { PersonIdentifier } from '../../src/graph/service/identity-kinds.js';
import type { ToolRunContext } from '../../src/toolkit/define-tool.js';
import { gatherOpenWork, type WorkOwner } from '../insights/my-work/gather.js';
import { MyWorkResultSchema, WORK_SYSTEMS, type MyWorkResult, type WorkSystem } from '../insights/my-work/schemas.js';

/** Open work in the systems every caller may read for anyone: the calendar and Slack are the caller's own. */
const ANYONE_SYSTEMS: readonly WorkSystem[] = ['ticketing', 'code_host', 'wiki'];

export const OpenWorkSchema = MyWorkResultSchema.pick({ systems: true, not_connected: true });
type OpenWork = Pick<MyWorkResult, 'systems' | 'not_connected'>;

/** Slack mentions this recent count, as insights_get_my_work's default. */
const MENTION_DAYS = 7;

type Context = Pick<ToolRunContext<unknown>, 'client' | 'clock' | 'gather' | 'caller'>;

const sameEmail = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Whose work to read: the person's email and their accounts the graph already links. */
function ownerOf(email: string | undefined, identities: readonly PersonIdentifier[]): WorkOwner {
  const valueOf = (system: string, kind: PersonIdentifier['kind']) =>
    identities.find((identity) => identity.system === system && identity.kind === kind)?.value;
  return {
    ...(email ? { email } : {}),
    ids: {
      code_host: valueOf('code_host', 'github_login'),
      ticketing: valueOf('ticketing', 'atlassian_account_id'),
      wiki: valueOf('wiki', 'atlassian_account_id'),
    },
  };
}

/** The person's live open work, read through each system's client with the caller's credentials. */
export async function openWorkOf(
  ctx: Context,
  email: string | undefined,
  identities: readonly PersonIdentifier[],
  limit: number,
): Promise<OpenWork> {
  // The calendar and mentions read are always the caller's own: read them only when the person is the caller.
  const systems = sameEmail(email, ctx.caller.userEmail) ? WORK_SYSTEMS : ANYONE_SYSTEMS;
  const work = await gatherOpenWork(ctx, ownerOf(email, identities), {
    limit,
    mentionDays: MENTION_DAYS,
    systems,
    alongside: true,
  });
  return { systems: work, not_connected: WORK_SYSTEMS.filter((system) => work[system].status === 'not_connected') };
}
