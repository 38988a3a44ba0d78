import type { JsonObject } from '../mintlify/config-refs.ts';
import type { Db } from '../db/database.ts';
import type { GitMirror } from '../deploy/git.ts';
import type { Navigation } from '../mintlify/navigation.ts';
import { MAX_CUSTOM_CSS_BYTES, siteCss } from './site-css.ts';
import { readSiteLayout } from './site-layout.ts';
import { fileTypeOf } from './site-file-types.ts';

/** Larger files are not served (a docs image is well under this); nor is more than this per deployment. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_TOTAL_BYTES = 500 * 1024 * 1024;
const READ_BATCH = 50;

/**
 * The parts of a deployment's site beside its pages: the layout read from docs.json (site_builds)
 * and the repository's images, logo and favicon (site_files, stored once per Git blob, so a
 * redeployment stores only new or changed ones). Idempotent: a retried deployment finds them stored.
 */
export async function buildSite(input: {
  db: Db;
  projectId: string;
  deploymentId: string;
  mirror: GitMirror;
  tree: Map<string, string>;
  config: JsonObject;
  navigation: Navigation;
  /** The repository's OpenAPI documents: served as files. */
  specFiles?: string[];
}): Promise<{ storedFiles: number; skippedFiles: string[] }> {
  const { db, tree } = input;
  const specFiles = (input.specFiles ?? []).filter((file) => tree.has(file));
  const specs = new Set(specFiles);
  const served = (file: string) => fileTypeOf(file, specs) !== undefined;
  const read = readSiteLayout(input.config, { language: input.navigation.defaultLanguage, versions: input.navigation.defaultVersions }, (file) =>
    tree.has(file),
  );
  const layout = specFiles.length > 0 ? { ...read, specFiles } : read;
  const css = await siteCss({
    classes: await usedClassNames(db, input.deploymentId),
    customCss: await customCss(input.mirror, tree),
    appearance: layout.appearance,
  });
  // As JSON text: a versioned site's layout holds every version's navigation, which Prisma would walk key by key.
  await db.$executeRaw`
    INSERT INTO site_builds (deployment_id, layout, css) VALUES (${input.deploymentId}, ${JSON.stringify(layout)}::jsonb, ${css})
    ON CONFLICT (deployment_id) DO UPDATE SET layout = EXCLUDED.layout, css = EXCLUDED.css`;

  const wanted = new Map<string, string>(); // blob id -> path
  for (const [file, blobId] of tree) if (served(file) && !isHiddenPath(file)) wanted.set(blobId, file);
  if (wanted.size === 0) return { storedFiles: 0, skippedFiles: [] };
  const stored = await db.siteFile.findMany({ where: { projectId: input.projectId, blobId: { in: [...wanted.keys()] } }, select: { blobId: true } });
  for (const { blobId } of stored) wanted.delete(blobId);

  const skippedFiles: string[] = [];
  let storedFiles = 0;
  let total = 0;
  const missing = [...wanted.keys()];
  for (let i = 0; i < missing.length; i += READ_BATCH) {
    const contents = await input.mirror.readBlobBytes(missing.slice(i, i + READ_BATCH));
    const rows = [];
    for (const [blobId, content] of contents) {
      const file = wanted.get(blobId)!;
      if (content.byteLength > MAX_FILE_BYTES || total + content.byteLength > MAX_TOTAL_BYTES) {
        skippedFiles.push(file);
        continue;
      }
      total += content.byteLength;
      rows.push({
        projectId: input.projectId,
        blobId,
        contentType: fileTypeOf(file, specs)!,
        content: new Uint8Array(content),
      });
    }
    if (rows.length > 0) storedFiles += (await db.siteFile.createMany({ data: rows, skipDuplicates: true })).count;
  }
  return { storedFiles, skippedFiles };
}

/** Every class name the deployment's pages use (each page's are stored with its HTML). */
async function usedClassNames(db: Db, deploymentId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT DISTINCT unnest(classes) AS name FROM page_renders WHERE page_id IN (
      SELECT page_id FROM deployment_pages WHERE deployment_id = ${deploymentId}
      UNION SELECT page_id FROM hidden_pages WHERE deployment_id = ${deploymentId})`;
  return rows.map((row) => row.name).sort();
}

/** The repository's stylesheets, in path order, as Mintlify applies them to every page (up to MAX_CUSTOM_CSS_BYTES in all). */
async function customCss(mirror: GitMirror, tree: Map<string, string>): Promise<{ file: string; text: string }[]> {
  const files = [...tree.keys()].filter((file) => file.endsWith('.css') && !isHiddenPath(file) && !file.split('/').includes('node_modules')).sort();
  if (files.length === 0) return [];
  const blobs = await mirror.readBlobs(files.map((file) => tree.get(file)!));
  const kept: { file: string; text: string }[] = [];
  let total = 0;
  for (const file of files) {
    const text = blobs.get(tree.get(file)!) ?? '';
    if ((total += text.length) > MAX_CUSTOM_CSS_BYTES) break;
    kept.push({ file, text });
  }
  return kept;
}

/** Files in hidden folders (`.github/`) are not the site's. */
const isHiddenPath = (file: string) => file.split('/').some((part) => part.startsWith('.'));
