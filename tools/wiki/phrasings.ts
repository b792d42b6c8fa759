import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * Confluence spaces and pages, written apart from Notion and uploaded files.
 */
export const phrasings: ToolPhrasings = {
  get_spaces: ['which confluence spaces exist', 'what areas does our wiki have', 'list the wiki spaces we can see'],
  get_space: ['home page of the ENG space', 'details of the confluence space OPS', 'what is the ENG wiki space'],
  get_pages: ['pages in the ENG space', 'archived confluence pages of OPS', 'browse the wiki space for engineering'],
  get_page: [
    'read the deployment runbook in confluence',
    'open the on-call guide wiki page',
    'what does the confluence page 10000003 say',
    'show the text of the ENG onboarding page',
  ],
  create_page: [
    'write a new confluence page on-call guide in ENG',
    'start a wiki page for the incident review',
    'publish a confluence doc about the api',
  ],
  update_page: [
    'add a rollback step to the runbook in confluence',
    'rewrite the on-call wiki page',
    'archive the old confluence page',
    'change the title of the wiki page',
  ],
  delete_page: [
    'trash the outdated confluence page',
    'remove the wiki page 10000009',
    'get rid of the duplicate runbook page in confluence',
  ],
  get_page_comments: [
    'feedback on the runbook page in confluence',
    'what people said under the wiki page',
    'comments left on confluence page 10000003',
  ],
  add_comment: [
    'comment on the confluence page that it looks good',
    'reply under the wiki runbook',
    'leave feedback on the on-call guide page',
  ],
  get_attachments: [
    'files attached to the runbook page',
    'images on the confluence page',
    'download links of the wiki page attachments',
  ],
  search: [
    'find confluence pages about deployments',
    'wiki docs mentioning rate limits',
    'where is the incident process documented in confluence',
    'search the wiki for onboarding',
  ],
  get_labels: ['labels on the runbook page', 'how is the confluence page tagged', 'tags of wiki page 10000003'],
  add_labels: [
    'tag the confluence page as runbook',
    'label the wiki page with oncall',
    'add the deprecated label to that confluence page',
  ],
  get_user_by_email: [
    'confluence account of grace@acme.test',
    'wiki account id for this email',
    'is linus@acme.test active in confluence',
  ],
  get_my_wiki_work: [
    'confluence pages I wrote',
    'my wiki drafts',
    'what did ada edit in confluence',
    'pages I contributed to the wiki',
  ],
};
