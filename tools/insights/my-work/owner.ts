/**
 * Whose open work is gathered: their email (each system's account is found by it) and, where already
 * known, their account in a system, which is then used as is.
 */
export interface WorkOwner {
  email?: string;
  ids?: {
    /** GitHub login. */
    code_host?: string;
    /** Jira account id. */
    ticketing?: string;
    /** Confluence account id. */
    wiki?: string;
  };
}
