-- deployment_routes_key: what a deployment's routes were planned from, so that the next one planned from
-- the same copies the rows of routes whose files did not change.
ALTER TABLE "deployments" ADD COLUMN "routes_key" TEXT;
