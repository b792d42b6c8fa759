import { getLabel, getMessage, getThread, listLabels, listMessages, listThreads } from './read.js';
import { modifyMessageLabels, sendMail, trashMessage } from './write.js';

/** The suite's Gmail tools. */
export const mailTools = [
  listThreads,
  getThread,
  listMessages,
  getMessage,
  sendMail,
  trashMessage,
  modifyMessageLabels,
  listLabels,
  getLabel,
];
