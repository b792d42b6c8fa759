/** How every delivery flow figure is derived; the tool's result repeats it. */
export const DELIVERY_FLOW = {
  tickets:
    'Jira tickets of the project resolved in the window (resolution date), sub-tasks included; times come from the changelog. Up to 100 are listed, longest lead time first.',
  pull_request:
    'The earliest opened pull request, in the repositories read, whose branch name, title or body names the ticket key as a whole word, any case. Pull requests updated in the window or the 90 days before it are read.',
  events:
    'created; in_progress: first move into a status of the in-progress category; pr_opened; first_review: first review by someone other than the author; merged; deployed: first success of a deployment (to production when the repository deploys there, else any environment) of the merge commit or of a later merge, or without deployments the first release published after the merge; done: the resolution date.',
  stages:
    'coding = in_progress to pr_opened; pickup = pr_opened to first_review; review = first_review to merged; deploy_wait = merged to deployed; lead_time = created to done. A stage is null when either event is missing. p50/p90 by linear interpolation, and the mean, over the tickets that have it.',
  waits:
    'longest_stage counts the tickets whose longest stage (coding, pickup, review, deploy_wait) each is; waiting_for_review = tickets whose longest stage is pickup; waiting_for_deploy = tickets whose longest stage is deploy_wait; reopened = tickets moved out of a done status at least once.',
  not_followed:
    'no_pull_request: no pull request names the ticket; pull_request_not_merged: the first one naming it is not merged; no_deployment_after_merge: nothing deployed or released the merge. A failed source (failed_sources) leaves its side unseen.',
};
