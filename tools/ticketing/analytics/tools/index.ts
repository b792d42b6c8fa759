import { getDeveloperMetrics, getDeveloperMetricsAllProjects } from './developers.js';
import { getDoraMetrics } from './dora.js';
import { getExecutiveSummaryAllProjects } from './executive-summary.js';
import { getProjectProductivityMetrics } from './productivity.js';
import { getSprintMetrics } from './sprints.js';
import { getThroughputMetrics, getThroughputMetricsByProject } from './throughput.js';

/** The ticketing analytical tools, in catalog order. */
export const ticketingAnalyticsTools = [
  getDeveloperMetrics,
  getDoraMetrics,
  getSprintMetrics,
  getThroughputMetrics,
  getThroughputMetricsByProject,
  getProjectProductivityMetrics,
  getDeveloperMetricsAllProjects,
  getExecutiveSummaryAllProjects,
];
