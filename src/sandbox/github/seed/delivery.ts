import {
  nextId,
  type DeploymentRecord,
  type DeploymentStatusRecord,
  type RunRecord,
  type WorkflowRecord,
} from '../state.js';
import {
  BOTS,
  HOUR,
  MINUTE,
  type DeploymentPlan,
  type PullPlan,
  type RepoSeedContext,
  sec,
  skewed,
} from './context.js';

interface MainCiPlan {
  pull: PullPlan;
  at: number;
  finishedAt: number;
  conclusion: 'success' | 'failure';
}

interface DeliveryPlan {
  mainCi: MainCiPlan[];
  deployments: DeploymentPlan[];
}

/**
 * Plans CI on main and the deployments that follow each merge: staging after green CI, promotion to
 * production for most, and a rollback after every failed production deployment.
 */
export function planDeliveries(ctx: RepoSeedContext, pulls: PullPlan[]): DeliveryPlan {
  const { random, now, profile } = ctx;
  const merged = pulls
    .filter((p) => p.fate === 'merged')
    .sort((a, b) => a.issue.pull.mergedAt! - b.issue.pull.mergedAt!);
  const mainCi: MainCiPlan[] = [];
  const deployments: DeploymentPlan[] = [];
  const hasStaging = profile.environments.includes('staging');
  const hasProduction = profile.environments.includes('production');
  let lastProdAt = 0;
  let lastGoodProd: DeploymentPlan | undefined;
  for (const pull of merged) {
    const at = pull.issue.pull.mergedAt! + 10_000;
    const ci: MainCiPlan = {
      pull,
      at,
      finishedAt: sec(at + skewed(random, 3 * MINUTE, 12 * MINUTE)),
      conclusion: random.chance(0.93) ? 'success' : 'failure',
    };
    mainCi.push(ci);
    if (ci.conclusion === 'failure' || profile.environments.length === 0) continue;
    let ready = ci.finishedAt;
    if (hasStaging) {
      const staging = deployment(
        ctx,
        'staging',
        sec(ready + random.int(30, 120) * 1000),
        random.chance(0.96) ? 'success' : 'failure',
        pull,
        BOTS.actions,
      );
      if (staging.createdAt >= now - MINUTE) continue;
      deployments.push(staging);
      if (staging.outcome !== 'success' || !random.chance(0.65)) continue;
      ready = staging.finishedAt + skewed(random, 10 * MINUTE, 3 * HOUR);
    } else if (!random.chance(0.9) || ready >= now - 2 * MINUTE) continue;
    if (!hasProduction) continue;
    const prodAt = sec(ready);
    if (prodAt <= lastProdAt || prodAt >= now - 2 * MINUTE) continue;
    const roll = random.next();
    const outcome = roll < 0.82 ? 'success' : roll < 0.94 ? 'failure' : 'error';
    const creator = pull.issue.pull.mergedBy ?? random.pick(ctx.leads);
    const production = deployment(ctx, 'production', prodAt, outcome, pull, creator);
    deployments.push(production);
    lastProdAt = production.finishedAt;
    if (outcome === 'success') {
      lastGoodProd = production;
      continue;
    }
    if (production.finishedAt >= now) continue;
    const rollbackAt = sec(production.finishedAt + skewed(random, 10 * MINUTE, 4 * HOUR));
    if (rollbackAt >= now - 2 * MINUTE) continue;
    const rollback = deployment(ctx, 'production', rollbackAt, 'success', lastGoodProd ?? pull, random.pick(ctx.leads));
    rollback.rollback = true;
    deployments.push(rollback);
    lastGoodProd = rollback;
    lastProdAt = rollback.finishedAt;
  }
  return { mainCi, deployments };
}

function deployment(
  ctx: RepoSeedContext,
  environment: DeploymentPlan['environment'],
  createdAt: number,
  outcome: DeploymentPlan['outcome'],
  source: PullPlan | DeploymentPlan,
  creator: string,
): DeploymentPlan {
  const finishedAt = sec(createdAt + skewed(ctx.random, 2 * MINUTE, 9 * MINUTE));
  return { environment, createdAt, finishedAt, outcome, source, rollback: false, creator };
}

/** The commit SHA a deployment plan ships (valid once the commit graph is built). */
export function planSha(plan: PullPlan | DeploymentPlan): string {
  if ('issue' in plan) return plan.issue.pull.mergeCommitSha!;
  return plan.sha ?? planSha(plan.source);
}

const STATUS_TEXT: Record<string, string> = {
  in_progress: 'Deployment started',
  success: 'Deployment finished successfully.',
  failure: 'Deployment failed: health checks did not pass',
  error: 'Deployment errored: timed out waiting for rollout',
};

interface RunInput {
  workflow: WorkflowRecord;
  event: RunRecord['event'];
  at: number;
  finishedAt: number;
  conclusion: NonNullable<RunRecord['conclusion']>;
  headBranch: string;
  headSha: string;
  actor: string;
  title: string;
  pullNumbers?: number[];
}

/** A workflow run record (id and run number are assigned once all runs are known). */
export function runRecord(ctx: RepoSeedContext, input: RunInput): RunRecord {
  const started = input.at + 5_000;
  const done = input.finishedAt <= ctx.now;
  return {
    id: 0,
    workflowId: input.workflow.id,
    name: input.workflow.name,
    displayTitle: input.title,
    runNumber: 0,
    runAttempt: 1,
    event: input.event,
    status: done ? 'completed' : input.at <= ctx.now - MINUTE ? 'in_progress' : 'queued',
    conclusion: done ? input.conclusion : null,
    headBranch: input.headBranch,
    headSha: input.headSha,
    actor: input.actor,
    createdAt: input.at,
    runStartedAt: started,
    updatedAt: done ? input.finishedAt : Math.min(started, ctx.now),
    pullNumbers: input.pullNumbers ?? [],
  };
}

/** Turns the deployment plans into records with statuses, plus the Deploy workflow runs behind them. */
export function materializeDeployments(
  ctx: RepoSeedContext,
  plans: DeploymentPlan[],
  deploy: WorkflowRecord | undefined,
): RunRecord[] {
  const runs: RunRecord[] = [];
  const sorted = [...plans].sort((a, b) => a.createdAt - b.createdAt);
  for (const plan of sorted) {
    const sha = planSha(plan.source);
    plan.sha = sha;
    plan.id = nextId(ctx.state);
    const statuses: DeploymentStatusRecord[] = [
      {
        id: nextId(ctx.state),
        state: 'in_progress',
        creator: plan.creator,
        description: STATUS_TEXT.in_progress,
        createdAt: plan.createdAt + 10_000,
      },
    ];
    if (plan.finishedAt <= ctx.now)
      statuses.push({
        id: nextId(ctx.state),
        state: plan.outcome,
        creator: plan.creator,
        description: STATUS_TEXT[plan.outcome],
        createdAt: plan.finishedAt,
      });
    const record: DeploymentRecord = {
      id: plan.id,
      sha,
      ref: ctx.repo.defaultBranch,
      task: 'deploy',
      environment: plan.environment,
      creator: plan.creator,
      description: plan.rollback
        ? `Rollback to ${sha.slice(0, 7)}`
        : `Deploy ${sha.slice(0, 7)} to ${plan.environment}`,
      createdAt: plan.createdAt,
      updatedAt: statuses[statuses.length - 1].createdAt,
      statuses,
      runId: null,
      rollback: plan.rollback,
    };
    ctx.repo.deployments.push(record);
    if (deploy) {
      const run = runRecord(ctx, {
        workflow: deploy,
        event: plan.environment === 'staging' ? 'push' : 'workflow_dispatch',
        at: plan.createdAt - 5_000,
        finishedAt: plan.finishedAt,
        conclusion: plan.outcome === 'success' ? 'success' : 'failure',
        headBranch: ctx.repo.defaultBranch,
        headSha: sha,
        actor: plan.creator,
        title:
          plan.environment === 'staging'
            ? (ctx.repo.commits.get(sha)?.message.split('\n')[0] ?? 'Deploy')
            : `Deploy to ${plan.environment}`,
      });
      plan.run = run;
      runs.push(run);
    }
  }
  return runs;
}

/** After runs got their ids: link deployments to their runs. */
export function linkDeploymentRuns(ctx: RepoSeedContext, plans: DeploymentPlan[]): void {
  const byId = new Map(ctx.repo.deployments.map((d) => [d.id, d]));
  for (const plan of plans) if (plan.run && plan.id !== undefined) byId.get(plan.id)!.runId = plan.run.id;
}
