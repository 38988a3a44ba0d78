-- A search artifact becomes a manifest naming its parts: one a partition (a language and version of a
-- site), one a translation between two. Parts are named by what they are made of, so deployments that
-- share a partition share its part, and a one-page change rebuilds only the parts that page is in.
CREATE TABLE "search_parts" (
    "id" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "memory_bytes" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "search_parts_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "search_parts" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
ALTER TABLE "search_artifacts" ADD COLUMN "parts" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
-- Artifacts of the earlier layout name no parts: they are rebuilt when next loaded.
DELETE FROM "search_artifacts";
