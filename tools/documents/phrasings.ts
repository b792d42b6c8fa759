import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * files the team uploaded (PDF, spreadsheets, text), apart from wiki and Notion pages.
 */
export const phrasings: ToolPhrasings = {
  upload_document: [
    'store this pdf so we can ask about it',
    'ingest the quarterly report spreadsheet',
    'add the contract file to the library',
    'index this csv for search',
    'save these meeting notes as a searchable file',
    'upload the pdf so we can search it',
    'add this spreadsheet to our documents',
    'put the handbook file into the library',
  ],
  query_documents: [
    'what do the uploaded pdfs say about refunds',
    'look through our files for the sla terms',
    'ask the document library about pricing',
    'which passage of the contract mentions termination',
    'find in the uploaded spreadsheets the q3 revenue',
    'search inside the pdfs we stored',
  ],
  list_documents: [
    'which files have we uploaded',
    'what is in the document library',
    'show the pdfs stored for the payments project',
    'recent uploads',
    'list uploaded documents',
    'documents we stored for the WEB project',
    'what pdfs have been uploaded',
  ],
  get_document: [
    'show the full text of the uploaded contract',
    'open the stored pdf and its pages',
    'read every chunk of that uploaded file',
    'read the uploaded handbook in full',
    'show the pages of the stored contract',
    'full content of the uploaded spreadsheet',
  ],
  delete_document: [
    'remove the uploaded contract',
    'forget that pdf we stored',
    'take the old spreadsheet out of the library',
    'delete the uploaded pdf',
    'remove the stored spreadsheet and its chunks',
    'drop the old handbook from the library',
  ],
};
