-- files_changed_json: the files a deployment's commit added, modified and removed, as JSON arrays; a big
-- site's first deployment lists tens of thousands, which reading as text[] took 100 ms of a web process.
ALTER TABLE "deployments" ALTER COLUMN "files_added" DROP DEFAULT;
ALTER TABLE "deployments" ALTER COLUMN "files_added" TYPE JSONB USING coalesce(to_jsonb("files_added"), '[]'::jsonb);
ALTER TABLE "deployments" ALTER COLUMN "files_added" SET DEFAULT '[]';
ALTER TABLE "deployments" ALTER COLUMN "files_added" SET NOT NULL;
ALTER TABLE "deployments" ALTER COLUMN "files_modified" DROP DEFAULT;
ALTER TABLE "deployments" ALTER COLUMN "files_modified" TYPE JSONB USING coalesce(to_jsonb("files_modified"), '[]'::jsonb);
ALTER TABLE "deployments" ALTER COLUMN "files_modified" SET DEFAULT '[]';
ALTER TABLE "deployments" ALTER COLUMN "files_modified" SET NOT NULL;
ALTER TABLE "deployments" ALTER COLUMN "files_removed" DROP DEFAULT;
ALTER TABLE "deployments" ALTER COLUMN "files_removed" TYPE JSONB USING coalesce(to_jsonb("files_removed"), '[]'::jsonb);
ALTER TABLE "deployments" ALTER COLUMN "files_removed" SET DEFAULT '[]';
ALTER TABLE "deployments" ALTER COLUMN "files_removed" SET NOT NULL;
