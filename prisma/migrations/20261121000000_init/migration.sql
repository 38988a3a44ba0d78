-- Ids look like MongoDB ObjectIds (24 hex digits, time-ordered), as Mintlify's API clients expect.
CREATE FUNCTION "folio_id"() RETURNS TEXT LANGUAGE SQL VOLATILE AS $$
  SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0')
      || substr(md5(random()::text || clock_timestamp()::text), 1, 16)
$$;

CREATE TYPE "CodeHost" AS ENUM ('local', 'github', 'git');
CREATE TYPE "ApiKeyKind" AS ENUM ('admin', 'assistant');
CREATE TYPE "DeploymentStatus" AS ENUM ('queued', 'in_progress', 'success', 'failure');
CREATE TYPE "DeploymentSource" AS ENUM ('internal', 'github_app_installation', 'api', 'github', 'dashboard');
CREATE TYPE "HaultReason" AS ENUM ('completed', 'github_missconfigured', 'error');
CREATE TYPE "TodoStatus" AS ENUM ('pending', 'in_progress', 'completed', 'cancelled');
CREATE TYPE "TodoPriority" AS ENUM ('high', 'medium', 'low');
CREATE TYPE "MessageRole" AS ENUM ('system', 'user', 'assistant', 'data');

CREATE TABLE "projects" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "name" TEXT NOT NULL,
    "subdomain" TEXT NOT NULL,
    "repo_url" TEXT NOT NULL,
    "branch" TEXT NOT NULL DEFAULT 'main',
    "code_host" "CodeHost" NOT NULL,
    "live_deployment_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "project_id" TEXT NOT NULL,
    "kind" "ApiKeyKind" NOT NULL,
    "prefix" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "deployments" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "project_id" TEXT NOT NULL,
    "status" "DeploymentStatus" NOT NULL DEFAULT 'queued',
    "source" "DeploymentSource" NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '',
    "logs" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "author" TEXT,
    "commit_sha" TEXT,
    "commit_ref" TEXT,
    "commit_message" TEXT,
    "files_added" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "files_modified" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "files_removed" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "screenshot" TEXT,
    "screenshot_light" TEXT,
    "screenshot_dark" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    CONSTRAINT "deployments_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "agent_sessions" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "project_id" TEXT NOT NULL,
    "branch" TEXT NOT NULL,
    "as_draft" BOOLEAN NOT NULL DEFAULT true,
    "messages" JSONB NOT NULL DEFAULT '[]',
    "haulted" BOOLEAN NOT NULL DEFAULT false,
    "hault_reason" "HaultReason",
    "pull_request_link" TEXT,
    "message_to_user" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "agent_sessions_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "todos" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "session_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "status" "TodoStatus" NOT NULL DEFAULT 'pending',
    "priority" "TodoPriority" NOT NULL DEFAULT 'medium',
    CONSTRAINT "todos_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "threads" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "project_id" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "threads_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "messages" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "thread_id" TEXT NOT NULL,
    "role" "MessageRole" NOT NULL,
    "content" TEXT NOT NULL,
    "parts" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "pages" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "project_id" TEXT NOT NULL,
    "source_path" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "keywords" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "is_hidden" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pages_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "deployment_pages" (
    "deployment_id" TEXT NOT NULL,
    "page_id" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "version" TEXT NOT NULL DEFAULT '',
    "section" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "deployment_pages_pkey" PRIMARY KEY ("deployment_id", "page_id")
);

CREATE TABLE "chunks" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "page_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "anchor" TEXT NOT NULL DEFAULT '',
    "heading" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL,
    CONSTRAINT "chunks_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "chunk_embeddings" (
    "chunk_id" TEXT NOT NULL,
    "embedder" TEXT NOT NULL,
    "vector" BYTEA NOT NULL,
    CONSTRAINT "chunk_embeddings_pkey" PRIMARY KEY ("chunk_id", "embedder")
);

CREATE UNIQUE INDEX "projects_subdomain_key" ON "projects"("subdomain");
CREATE UNIQUE INDEX "projects_live_deployment_id_key" ON "projects"("live_deployment_id");
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");
CREATE INDEX "api_keys_project_id_idx" ON "api_keys"("project_id");
CREATE INDEX "deployments_project_id_created_at_idx" ON "deployments"("project_id", "created_at");
CREATE INDEX "agent_sessions_project_id_created_at_idx" ON "agent_sessions"("project_id", "created_at");
CREATE UNIQUE INDEX "todos_session_id_position_key" ON "todos"("session_id", "position");
CREATE INDEX "threads_project_id_fingerprint_idx" ON "threads"("project_id", "fingerprint");
CREATE INDEX "messages_thread_id_created_at_idx" ON "messages"("thread_id", "created_at");
CREATE UNIQUE INDEX "pages_project_id_source_path_content_hash_key" ON "pages"("project_id", "source_path", "content_hash");
CREATE INDEX "deployment_pages_page_id_idx" ON "deployment_pages"("page_id");
CREATE UNIQUE INDEX "chunks_page_id_position_key" ON "chunks"("page_id", "position");

ALTER TABLE "projects" ADD CONSTRAINT "projects_live_deployment_id_fkey" FOREIGN KEY ("live_deployment_id") REFERENCES "deployments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "todos" ADD CONSTRAINT "todos_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "threads" ADD CONSTRAINT "threads_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pages" ADD CONSTRAINT "pages_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "deployment_pages" ADD CONSTRAINT "deployment_pages_deployment_id_fkey" FOREIGN KEY ("deployment_id") REFERENCES "deployments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "deployment_pages" ADD CONSTRAINT "deployment_pages_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chunk_embeddings" ADD CONSTRAINT "chunk_embeddings_chunk_id_fkey" FOREIGN KEY ("chunk_id") REFERENCES "chunks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
