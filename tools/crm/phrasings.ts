import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * the tenant's connected CRM (Salesforce, HubSpot) through the unified API.
 */
export const phrasings: ToolPhrasings = {
  list_accounts: [
    'which customers do we have',
    'our client companies in salesforce',
    'find the Initech company in the crm',
    'list the businesses we sell to',
    'hubspot companies',
  ],
  create_account: [
    'add Hooli as a new customer',
    'put Initech into salesforce as a company',
    'register a new client company in the crm',
    'we signed Globex, record the company',
  ],
  get_account: [
    'pull up customer 001Dn0000000000007',
    'details of that customer company',
    'what industry is this client in',
    'company record by its crm id',
  ],
  update_account: [
    'change the industry of Initech to fintech',
    'rename the customer company in salesforce',
    'set the website of that client account',
    'fix the phone number on the company record',
  ],
  list_contacts: [
    'who do we know at Initech',
    'people at our customers',
    'is jane@initech.example in salesforce',
    'customer contacts with their emails',
    'find the cto contact at Hooli',
  ],
  create_contact: [
    'add Jane Doe from Initech as a contact',
    'save this customer person in the crm',
    'record a new contact at Hooli',
    'put jane@initech.example into hubspot',
  ],
  get_contact: [
    'the customer person with id 003Dn0000000000004',
    'details of that customer person',
    'phone and title of this contact',
  ],
  update_contact: [
    'Jane is now VP engineering, update her record',
    'change the email of that crm contact',
    'fix the job title of the customer contact',
  ],
  list_leads: [
    'newest prospects',
    'inbound sales leads this week',
    'which leads came from the website',
    'unqualified prospects in salesforce',
  ],
  create_lead: [
    'new prospect Sam Lee from Hooli',
    'log an inbound lead from the webinar',
    'add a sales lead to hubspot',
    'record a potential customer who reached out',
  ],
  get_lead: ['look at prospect 00QDn0000000000003', 'details of that prospect', 'where did this lead come from'],
  update_lead: [
    'qualify the Hooli lead',
    'mark lead 00QDn0000000000001 as contacted',
    'change the status of that prospect',
  ],
  list_opportunities: [
    'what is in our sales pipeline',
    'what are we about to close this quarter',
    'sales forecast in salesforce',
    'deals with Initech',
    'which deals are in negotiation',
  ],
  create_opportunity: [
    'new 25k deal with Initech',
    'log a sale opportunity for Hooli',
    'add a deal to the pipeline',
    'record a potential contract in hubspot',
  ],
  get_opportunity: [
    'pull up opportunity 006Dn0000000000005',
    'how big is the Initech deal',
    'stage and amount of that opportunity',
  ],
  update_opportunity: [
    'we won the Initech deal',
    'move the Hooli deal to negotiation',
    'mark that deal as lost',
    'change the close date of the opportunity',
  ],
};
