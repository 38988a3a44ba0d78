import { FEEDBACK_SOURCES, submitFeedback } from '../analytics/feedback.ts';
import { invalidInput } from '../errors.ts';
import { requireProjectAdmin, requireSiteAssistant } from './authorize.ts';
import { builder } from './builder.ts';

const FeedbackSourceEnum = builder.enumType('FeedbackSource', {
  description: 'thumbs_only: on an answer (thread and message); contextual: on a page (path); code_snippet: on a code block of a page.',
  values: FEEDBACK_SOURCES,
});

const Recorded = builder.objectRef<{ recorded: boolean; id: string | null }>('Recorded').implement({
  description: 'Whether it was recorded (not when the site records nothing), and its id.',
  fields: (t) => ({
    recorded: t.exposeBoolean('recorded'),
    id: t.exposeString('id', { nullable: true }),
  }),
});

builder.mutationField('submitFeedback', (t) =>
  t.field({
    type: Recorded,
    description: "A reader's feedback on an answer, a page or a code block of a site (docs/analytics.md). Assistant key of that site.",
    args: {
      domain: t.arg.string({ required: true }),
      source: t.arg({ type: FeedbackSourceEnum, required: true }),
      helpful: t.arg.boolean({ required: true, description: 'Thumbs up (true) or down (false); for a page, "was this page helpful?".' }),
      path: t.arg.string({ required: false, description: 'The page (`/customize/custom-domain`); required for a page or a code block.' }),
      threadId: t.arg.string({ required: false, description: "The answer's thread (X-Thread-Id); required for an answer." }),
      messageId: t.arg.string({ required: false, description: "The answer's message id (the stream's messageId); required for an answer." }),
      comment: t.arg.string({ required: false, description: 'What the reader says, up to 2,000 characters.' }),
      contact: t.arg.string({ required: false, description: 'An email address the reader leaves for a reply.' }),
      code: t.arg.string({ required: false, description: 'The code block the feedback is about (code_snippet).' }),
      filename: t.arg.string({ required: false }),
      language: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, context) => {
      const project = await requireSiteAssistant(context, args.domain);
      const id = await submitFeedback(context.db, project, args, context.reader.caller);
      return { recorded: id !== undefined, id: id ?? null };
    },
  }),
);

builder.mutationField('recordSearchClick', (t) =>
  t.field({
    type: Recorded,
    description: 'A search result the reader opened, as the widget and the site report it: what was searched, and the path opened. Assistant key of that site.',
    args: {
      domain: t.arg.string({ required: true }),
      query: t.arg.string({ required: true }),
      path: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, context) => {
      const project = await requireSiteAssistant(context, args.domain);
      const query = args.query.trim();
      if (query === '' || query.length > 1000) throw invalidInput('query', 'query must be 1 to 1,000 characters long.');
      if (args.path.trim() === '' || args.path.length > 1000) throw invalidInput('path', 'path must be 1 to 1,000 characters long.');
      if (!project.analyticsEnabled) return { recorded: false, id: null };
      context.analytics.click({ projectId: project.id, query: args.query, path: args.path.trim(), caller: context.reader.caller });
      return { recorded: true, id: null };
    },
  }),
);

builder.mutationField('setAnalyticsEnabled', (t) =>
  t.field({
    type: 'Boolean',
    description:
      "Turns the recording of the site's searches, answers, feedback and views on or off; what was recorded stays until it expires. Admin key of the project.",
    args: { projectId: t.arg.string({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: async (_root, { projectId, enabled }, context) => {
      await requireProjectAdmin(context, projectId);
      await context.db.project.update({ where: { id: projectId }, data: { analyticsEnabled: enabled } });
      return enabled;
    },
  }),
);
