import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * how people, repositories, tickets and pages relate, as the knowledge graph has learnt them.
 */
export const phrasings: ToolPhrasings = {
  traverse: [
    'what is linked to PAY-101',
    'everything around acme/web within two hops',
    'what surrounds grace in the graph',
    'which tickets, prs and pages are tied to WEB-17',
    'who and what is near the payments repo',
    'explore the neighbourhood of ada',
    'who works on both acme/web and acme/api',
  ],
  search: [
    'find anything in the graph called checkout',
    'look up entities mentioning the billing service',
    'which known items match "rate limiter"',
    'find the user named linus among known entities',
    'what do we have on record titled onboarding',
    'find the entity named payments api',
    'search everything the graph knows for checkout',
  ],
  find_path: [
    'how is ada connected to acme/infra',
    'what ties grace to PAY-101',
    'the chain between linus and the deployment runbook',
    'how does WEB-17 relate to acme/web#88',
    'is ada linked to the payments project, and how',
    'shortest route from this person to that repo',
  ],
  get_entity_context: [
    'everything we know about PAY-103',
    'what do we know about acme/web',
    'context on the deployment runbook page',
    'relationships of WEB-17 and recent activity',
    'the full picture of that pull request',
    'what is connected directly to acme/api#12',
    'summary of PAY-101 with its links',
  ],
  get_feed: [
    'what happened recently',
    'latest activity across the workspace',
    'who ran what today',
    'timeline of changes to PAY-101',
    'audit trail of recent actions',
    'recent actions by the team',
    'what did people do in the tools this week',
    'activity on WEB-17 over time',
  ],
  inject_context: [
    'remember that I own the payments service',
    'note that I prefer short answers',
    'keep in mind I am reviewing PAY-103 this week',
    'I am focusing on the checkout rewrite',
    'from now on assume I work on acme/web',
    'save that my priority is the release',
  ],
  query: [
    'run a cypher match over pull requests authored by ada',
    'match all users linked to tickets',
    'graph query for every repository node',
    'pattern match people to pull requests',
    'MATCH (n:ticket) WHERE n.status = done',
    'cypher query for tickets linked to pull requests',
    'MATCH people AUTHORED_BY pull requests',
  ],
  get_person: [
    'who is grace',
    'what accounts does ada have across tools',
    'linus on github and in jira',
    'is this slack member the same as that github login',
    'find the person behind ada@acme.test everywhere',
    'what is grace working on across systems',
  ],
};
