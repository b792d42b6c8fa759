import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * figures across Jira, GitHub and the user's other systems at once.
 */
export const phrasings: ToolPhrasings = {
  get_delivery_flow: [
    'how long from jira ticket to production',
    'which PAY tickets shipped without a pull request',
    'where do tickets wait between review and deploy',
    'follow resolved tickets through prs to deployment',
    'value stream of the WEB project',
    'tickets that never got deployed',
  ],
  get_my_work: [
    'what is on my plate today',
    'everything I need to do across jira, github and slack',
    'what needs my attention',
    'my to-do list everywhere',
    'catch me up on my open work',
    'what should I work on next',
  ],
};
