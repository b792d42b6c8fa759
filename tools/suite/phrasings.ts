import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * the user's own Google Calendar, Gmail and Google Chat, acting as them.
 */
export const phrasings: ToolPhrasings = {
  list_calendars: [
    'which calendars are in my google account',
    'my own google calendars',
    'calendars I subscribe to',
    'what calendars can I see in google',
  ],
  get_calendar: [
    'time zone of my primary calendar',
    'details of my google calendar',
    'what access do I have to that calendar',
  ],
  list_events: [
    "what's on my calendar tomorrow",
    'my meetings this afternoon',
    'am I free friday morning',
    'my schedule for next week',
    'when is my next 1:1 with ada',
    'what do I have today',
  ],
  list_all_events: [
    'everything on all my calendars this week',
    'my full agenda across every calendar',
    'combined schedule from all my google calendars',
    'merge my personal and shared calendars for friday',
  ],
  get_event: [
    'who is coming to my design review',
    'details of my 3pm meeting',
    'where is my standup held',
    'attendees of that meeting on my calendar',
  ],
  create_event: [
    'book a 1:1 with grace on my calendar tomorrow at 10',
    'put a focus block on my calendar',
    'invite ada to a meeting on thursday',
    'schedule lunch with linus on my google calendar',
    'add the dentist to my calendar',
  ],
  update_event: [
    'move my standup to 10:30',
    'push my 1:1 with ada to friday',
    'rename my meeting to design review',
    'change the room of my 3pm',
    'add grace to my planning meeting',
  ],
  delete_event: [
    'cancel my 1:1 tomorrow',
    'remove the dentist from my calendar',
    'drop my friday meeting',
    'call off my standup today',
  ],
  list_mail_threads: [
    'my unread emails',
    "what's in my inbox",
    'email conversations with ada this week',
    'find my mail about the invoice',
    'gmail threads from linus',
  ],
  get_mail_thread: [
    'read the whole email conversation with grace',
    'show me the back and forth about the contract',
    'open that gmail thread',
  ],
  list_mail_messages: [
    'latest emails I received',
    'emails from ada today',
    'messages in my gmail with attachments',
    'what did linus email me',
  ],
  get_mail_message: ['read that email', 'open the message from grace', 'body of the last email from ada'],
  send_mail: [
    'email ada the release notes',
    'reply to grace that I agree',
    'write to linus about the meeting',
    'send a note by email to the team lead',
  ],
  delete_mail_message: ['trash that email', 'get rid of the spam message', 'delete the email from the vendor'],
  update_mail_labels: [
    'mark the email as read',
    'archive that gmail message',
    'star the email from ada',
    'file the message under receipts',
  ],
  list_mail_labels: ['which gmail labels have I set up', 'my mail folders', 'gmail categories I use'],
  get_mail_label: [
    'how many unread emails in my inbox',
    'count of messages under the receipts label',
    'details of my gmail label',
  ],
  list_spaces: ['which google chat rooms am I in', 'my hangouts groups', 'google chat spaces and dms I belong to'],
  get_space: ['details of that google chat room', 'is this google chat space threaded', 'info on the hangouts space'],
  list_messages: [
    'what was said in the google chat room today',
    'read the hangouts space history',
    'latest google chat messages in the project space',
  ],
  get_message: ['show that google chat message', 'one hangouts message by id', 'who sent this google chat message'],
  create_message: [
    'post in the google chat room that I am out',
    'say hi in the hangouts space',
    'reply in the google chat thread',
    'message the team space on google chat',
  ],
  update_message: ['edit my google chat message', 'fix what I wrote in hangouts', 'correct my last google chat post'],
  delete_message: [
    'delete my google chat message',
    'unsend what I wrote in hangouts',
    'remove my post from the google chat room',
  ],
  list_members: ['who is in the google chat room', 'people in the hangouts space', 'managers of the google chat space'],
  get_member: [
    'is grace a manager of the google chat space',
    'role of ada in the hangouts room',
    'that person membership in the google chat space',
  ],
};
