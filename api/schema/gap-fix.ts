import type { QuestionCheck, StoredCheck } from '../agent/review-preview.ts';
import { builder } from './builder.ts';
import { AgentSession } from './agent-job-v1.ts';

/** How one of a gap's questions was answered: by the live site and by the fix's preview. */
const QuestionCheckRef = builder.objectRef<QuestionCheck>('GapQuestionCheck').implement({
  fields: (t) => ({
    question: t.exposeString('question'),
    answeredLive: t.boolean({ resolve: (check) => check.live.isAnswered }),
    citedLive: t.stringList({ resolve: (check) => check.live.cited }),
    answeredPreview: t.boolean({ resolve: (check) => check.preview.isAnswered }),
    citedPreview: t.stringList({ resolve: (check) => check.preview.cited }),
  }),
});

const FixCheck = builder.objectRef<StoredCheck>('GapFixCheck').implement({
  description: "The gap's questions asked of the live site and of the fix's preview, once the job pushed its branch.",
  fields: (t) => ({
    previewUrl: t.exposeString('previewUrl'),
    answeredLive: t.exposeInt('answeredLive'),
    answeredPreview: t.exposeInt('answeredPreview'),
    questions: t.field({ type: [QuestionCheckRef], resolve: (check) => check.questions }),
  }),
});

export const GapFix = builder.prismaObject('GapFix', {
  description: 'An agent job started to fix a content gap, with the before/after check of its questions.',
  fields: (t) => ({
    gapId: t.exposeString('gapId'),
    title: t.exposeString('title'),
    questions: t.exposeStringList('questions'),
    sessionId: t.exposeString('jobId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    job: t.relation('job', { type: AgentSession, description: 'The agent job: its status, pull request and message.' }),
    check: t.field({
      type: FixCheck,
      nullable: true,
      select: { check: true },
      // Prisma reads JSON columns untyped; reviewPreview writes this one only as a StoredCheck.
      resolve: (fix) => (fix.check as StoredCheck | null) ?? null,
    }),
  }),
});
