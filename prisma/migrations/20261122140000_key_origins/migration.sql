-- Keys safe to publish: the origins a browser may use a key from, and the published key of a site's own pages.
ALTER TABLE "api_keys" ADD COLUMN "allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "api_keys" ALTER COLUMN "allowed_origins" SET NOT NULL;
ALTER TABLE "api_keys" ADD COLUMN "published_key" TEXT;
