import type { Logger } from '../logger.ts';
import type { AnalyticsRecorder, Caller, SearchRecord, ViewRecord } from './recorder.ts';
import type { VisitorHashes } from './visitors.ts';

/** Who did something, as far as analytics keep it: the kind of caller, and what the visitor hash is made of. */
export interface Reader {
  caller: Caller;
  clientAddress: string;
  userAgent: string | null;
}

interface Recording {
  analytics: AnalyticsRecorder;
  visitors: VisitorHashes;
  log: Logger;
}

/** Records a search of a project that records them, with the visitor's hash; never waited for, never fails the search. */
export function recordSearch(
  services: Recording,
  project: { id: string; analyticsEnabled: boolean },
  reader: Reader,
  search: Omit<SearchRecord, 'projectId' | 'caller' | 'visitor'>,
): void {
  if (!project.analyticsEnabled) return;
  withVisitor(services, reader, (visitor) => services.analytics.search({ ...search, projectId: project.id, caller: reader.caller, visitor }));
}

/** Records a page read (of the rendered site, its Markdown, or through MCP). */
export function recordView(
  services: Recording,
  project: { id: string; analyticsEnabled: boolean },
  reader: Reader,
  view: Omit<ViewRecord, 'projectId' | 'visitor'>,
): void {
  if (!project.analyticsEnabled) return;
  withVisitor(services, reader, (visitor) => services.analytics.view({ ...view, projectId: project.id, visitor }));
}

function withVisitor(services: Recording, reader: Reader, record: (visitor: string | undefined) => void): void {
  services.analytics.arriving(
    services.visitors.of(reader.clientAddress, reader.userAgent).then(record, (error: unknown) => {
      services.log.debug('could not hash a visitor; recorded without one', error);
      record(undefined);
    }),
  );
}
