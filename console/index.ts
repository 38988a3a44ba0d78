/**
 * The Folio console, served at /console/: a GraphQL client for the people who run the docs
 * (deployments, insights, agent jobs, keys), signed in with admin keys kept in sessionStorage.
 */
import { ConsoleBarChart } from './elements/console-bar-chart.ts';
import { ConsoleDeployment } from './elements/console-deployment.ts';
import { ConsoleDeployments } from './elements/console-deployments.ts';
import { ConsoleGaps } from './elements/console-gaps.ts';
import { ConsoleInsights } from './elements/console-insights.ts';
import { ConsoleJob } from './elements/console-job.ts';
import { ConsoleJobs } from './elements/console-jobs.ts';
import { ConsoleKeys } from './elements/console-keys.ts';
import { ConsoleSignIn } from './elements/console-sign-in.ts';
import { ConsoleThread } from './elements/console-thread.ts';
import { FolioConsole } from './elements/folio-console.ts';

const ELEMENTS: Record<string, CustomElementConstructor> = {
  'folio-console': FolioConsole,
  'console-sign-in': ConsoleSignIn,
  'console-deployments': ConsoleDeployments,
  'console-deployment': ConsoleDeployment,
  'console-insights': ConsoleInsights,
  'console-bar-chart': ConsoleBarChart,
  'console-thread': ConsoleThread,
  'console-gaps': ConsoleGaps,
  'console-jobs': ConsoleJobs,
  'console-job': ConsoleJob,
  'console-keys': ConsoleKeys,
};

for (const [name, element] of Object.entries(ELEMENTS)) if (!customElements.get(name)) customElements.define(name, element);
