-- What every assistant question and search reads or writes before it starts.

-- Rate-limit counters, written on every request. Unlogged, they skip the write-ahead log, so counting a
-- use does not wait for the disk. A database crash empties the table (every window starts afresh),
-- which costs nothing worth a disk flush per request.
ALTER TABLE "rate_limits" SET UNLOGGED;

-- Web processes keep verified API keys and the site of each domain in memory (api/db/
-- change-invalidated-cache.ts). These triggers announce every change to those rows, whoever makes it
-- (a web process, a worker, a CLI command, psql), on the channel api/events.ts listens on; each
-- process then forgets what it kept. Recording a key's last use changes nothing kept, so it is silent.
CREATE FUNCTION "folio_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('folio_events', json_build_object('topic', TG_ARGV[0], 'payload', json_build_object())::text);
    RETURN NULL;
END;
$$;

CREATE TRIGGER "api_keys_changed"
    AFTER UPDATE OF "prefix", "secret_hash", "kind", "project_id", "allowed_origins", "revoked_at" OR DELETE OR TRUNCATE ON "api_keys"
    FOR EACH STATEMENT EXECUTE FUNCTION "folio_announce_change"('api-keys:changed');

CREATE TRIGGER "projects_changed"
    AFTER UPDATE OF "subdomain", "name", "live_deployment_id" OR DELETE OR TRUNCATE ON "projects"
    FOR EACH STATEMENT EXECUTE FUNCTION "folio_announce_change"('projects:changed');
