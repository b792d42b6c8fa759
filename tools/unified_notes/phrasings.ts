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
    "what tables are in the team's connected notes",
    'list the company notes app databases and columns',
    'schema of the workspace notes tables',
  ],
  list_pages: [
    "rows of the team's roadmap table in the connected notes app",
    'entries in the workspace notes database',
    'pages of the company notes database',
    'list the entries of the team notes database',
    'what rows does the connected notes table have',
    'show every page in the company roadmap table',
  ],
  get_page: [
    'details of a page in the team notes app',
    "one entry of the team's notes database",
    'columns of that connected notes page',
    'open one row of the connected notes database',
    'show the team notes entry by id',
    'read a single page from the workspace notes app',
  ],
  create_page: [
    "add an entry to the team's notes database",
    'new page in the connected notes workspace for the launch',
    'put a row in the company notes table',
    'create a new entry in the connected notes table',
    'add the launch plan to the team notes database',
    'add a row to the workspace notes app',
  ],
  update_page: [
    "rename the page in the team's notes app",
    'change the description of the connected notes entry',
    'archive the workspace notes page',
    'edit the team notes entry',
    'update columns of the connected notes page',
    'mark the company notes row archived',
  ],
  list_folders: [
    "folders of the team's notes app",
    'how the connected notes workspace is organised',
    'subfolders in the company notes handbook',
    'list the folders in the team notes app',
    'what sections does the connected notes workspace have',
    'folder tree of the workspace notes',
  ],
  create_folder: [
    "make a runbooks folder in the team's notes app",
    'new folder in the connected notes workspace',
    'add a section to the company notes',
    "create a folder in the team's notes app",
    'add a new section folder to the connected notes',
    'start a folder for runbooks in the company notes',
  ],
  list_comments: [
    "comments on the team's notes page",
    'discussion on the connected notes entry',
    'who remarked on the workspace notes page',
    'read the comments on the connected notes page',
    'discussion threads on the team notes entry',
    'what did people comment on the workspace notes page',
  ],
  add_comment: [
    "reply on the team's notes page",
    'leave a remark on the connected notes entry',
    'comment on the company notes page',
    "add a comment to the team's notes page",
    'reply in the discussion of the connected notes entry',
    'post a remark on the company notes page',
  ],
};
