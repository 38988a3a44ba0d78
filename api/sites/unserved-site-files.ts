import type { Db } from '../db/database.ts';

/** Deletes the stored files of a project that none of its served deployments (live, previews') has. */
export async function forgetUnservedSiteFiles(db: Db, projectId: string, servedDeploymentIds: string[]): Promise<void> {
  await db.$executeRaw`
    DELETE FROM site_files WHERE project_id = ${projectId}
      AND blob_id NOT IN (SELECT value FROM deployments, jsonb_each_text(deployments.files) WHERE deployments.id = ANY(${servedDeploymentIds}::text[]))`;
}
