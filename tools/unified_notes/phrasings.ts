import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * the tenant's connected notes workspace through the unified API, never the user's own Notion (notes).
 */
export const phrasings: ToolPhrasings = {
  list_databases: [
    "which tables the team's notes app has",
    'databases of the connected notes workspace',
    'what databases does the company notes app hold',
  ],
  list_pages: [
    "rows of the team's roadmap table in the connected notes app",
    'entries in the workspace notes database',
    'pages of the company notes database',
  ],
  get_page: [
    'details of a page in the team notes app',
    "one entry of the team's notes database",
    'columns of that connected notes page',
  ],
  create_page: [
    "add an entry to the team's notes database",
    'new page in the connected notes workspace for the launch',
    'put a row in the company notes table',
  ],
  update_page: [
    "rename the page in the team's notes app",
    'change the description of the connected notes entry',
    'archive the workspace notes page',
  ],
  list_folders: [
    "folders of the team's notes app",
    'how the connected notes workspace is organised',
    'subfolders in the company notes handbook',
  ],
  create_folder: [
    "make a runbooks folder in the team's notes app",
    'new folder in the connected notes workspace',
    'add a section to the company notes',
  ],
  list_comments: [
    "comments on the team's notes page",
    'discussion on the connected notes entry',
    'who remarked on the workspace notes page',
  ],
  add_comment: [
    "reply on the team's notes page",
    'leave a remark on the connected notes entry',
    'comment on the company notes page',
  ],
};
