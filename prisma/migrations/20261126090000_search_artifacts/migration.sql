-- Search artifacts: each deployment's search index, built once at deployment and loaded by every web
-- process (api/search/search-artifact.ts). Kept uncompressed by PostgreSQL: the bytes are mostly vectors
-- and postings, which compress little, and reading them must be fast.
CREATE TABLE "search_artifacts" (
    "deployment_id" TEXT NOT NULL,
    "embedder" TEXT NOT NULL,
    "build" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "memory_bytes" BIGINT NOT NULL,
    "chunk_count" INTEGER NOT NULL,
    "build_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "search_artifacts_pkey" PRIMARY KEY ("deployment_id", "embedder"),
    CONSTRAINT "search_artifacts_deployment_id_fkey" FOREIGN KEY ("deployment_id") REFERENCES "deployments"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
ALTER TABLE "search_artifacts" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
