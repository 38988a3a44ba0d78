-- default_versions: each language's default version (the one docs.json marks `default: true`, else its
-- first), where search looks when a request names a language but no version.
ALTER TABLE "deployments" ADD COLUMN "default_versions" JSONB;
