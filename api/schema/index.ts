import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { builder } from './builder.ts';
import './deployment.ts';
import './preview.ts';
import './project.ts';
import './api-keys.ts';
import './viewer.ts';
import './agent-job-v1.ts';
import './agent-jobs.ts';
import './agent-job.ts';
import './search.ts';
import './page.ts';
import './analytics.ts';
import './analytics-reports.ts';
import './analytics-insights.ts';
import './analytics-connections.ts';
import './content-gaps.ts';
import './assistant.ts';
import './assistant-threads.ts';

/** The runtime schema keeps declaration order, so REST bodies keep the spec's key order. */
export const schema: GraphQLSchema = builder.toSchema({ sortSchema: false });

/** The committed schema.graphql: sorted, so API changes read well in review. */
export const printedSchema = (): string => `${printSchema(lexicographicSortSchema(schema))}\n`;
