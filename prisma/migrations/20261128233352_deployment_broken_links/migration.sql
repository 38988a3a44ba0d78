-- The broken links each deployment found, so that the next one logs only the new ones.
ALTER TABLE "deployments" ADD COLUMN "broken_links" JSONB;
