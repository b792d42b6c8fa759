import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { extractWiki } from './extractor.js';
import { wikiSample } from './sample-graph.js';
import { addComment, addLabels, getAttachments, getLabels, getPageComments } from './page-parts.js';
import { getPage, getPages } from './pages.js';
import { getMyWikiWork, getUserByEmail } from './people.js';
import { searchWiki } from './search.js';
import { getSpace, getSpaces } from './spaces.js';
import { createPage, deletePage, updatePage } from './write.js';
import { outline } from './outline.js';
import { phrasings } from './phrasings.js';

const wikiSystem: SystemRecord = {
  id: 'wiki',
  name: 'Wiki (Confluence)',
  description:
    'Confluence spaces and pages: search, read pages as Markdown, create and update them with version checks, archive, comments, attachments, labels and who wrote what.',
  keywords: [
    'confluence',
    'wiki',
    'page',
    'space',
    'documentation',
    'docs',
    'runbook',
    'knowledge base',
    'comment',
    'label',
    'attachment',
  ],
  when_to_use:
    'Questions about Confluence: finding or reading documentation, writing or editing pages, comments and labels, what someone wrote.',
  search: { names: ['confluence', 'wiki'], phrasings },
};

/** Confluence Cloud (REST v2, v1 where v2 has no equivalent) as the `wiki` system. */
export const manifest: SystemManifest = {
  system: wikiSystem,
  tools: [
    getSpaces,
    getSpace,
    getPages,
    getPage,
    createPage,
    updatePage,
    deletePage,
    getPageComments,
    addComment,
    getAttachments,
    searchWiki,
    getLabels,
    addLabels,
    getUserByEmail,
    getMyWikiWork,
  ],
  ...access,
  extractor: extractWiki,
  sampleGraph: wikiSample,
  entityTypes: outline.entityTypes,
  namedByLabel: outline.namedByLabel,
  synonyms: {
    confluence: ['confluence', 'wiki'],
    doc: ['page'],
    docs: ['page'],
    documentation: ['page'],
    article: ['page'],
  },
};
