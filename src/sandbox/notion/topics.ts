/** A product a workspace's pages talk about: its GitHub repository and its Jira project key. */
interface Topic {
  /** The project's name in the Projects database. */
  project: string;
  repo: string;
  key: string;
  summary: string;
}

/** What each workspace's pages mention: the same repositories and project keys as the GitHub and Jira fakes. */
export interface WorkspaceTopics {
  products: [Topic, Topic, Topic];
  /** The project incidents and operations land in. */
  opsKey: string;
}

const TOPICS: Record<string, WorkspaceTopics> = {
  acme: {
    products: [
      { project: 'API platform', repo: 'api', key: 'API', summary: 'the public REST API' },
      { project: 'Web dashboard', repo: 'web', key: 'WEB', summary: 'the customer dashboard' },
      { project: 'Mobile apps', repo: 'mobile', key: 'MOB', summary: 'the iOS and Android apps' },
    ],
    opsKey: 'OPS',
  },
  globex: {
    products: [
      { project: 'Core platform', repo: 'platform', key: 'PLAT', summary: 'the core platform services' },
      { project: 'Billing', repo: 'billing', key: 'BILL', summary: 'invoices and payments' },
      { project: 'Revenue pipeline', repo: 'data-pipeline', key: 'PLAT', summary: 'the nightly revenue pipeline' },
    ],
    opsKey: 'PLAT',
  },
};

/** The topics of a workspace by its GitHub organisation (acme's for an unknown one). */
export const topicsOf = (org: string): WorkspaceTopics => TOPICS[org] ?? TOPICS.acme;
