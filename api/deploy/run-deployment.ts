import { counted } from '../counted.ts';
import path from 'node:path';
import { brokenLinkKey, brokenLinkLog, findBrokenLinks } from './broken-links.ts';
import { renderOptionsOf } from '../render/render-context.ts';
import { buildPages } from './build-pages.ts';
import { readFileList, storeFileList } from './commit-file-list.ts';
import { diffFiles, type FilesChanged } from './files-changed.ts';
import { commitFiles, GitError, GitMirror } from './git.ts';
import { ProjectProblem } from './project-reader.ts';
import { filesOfDocsFolder, otherDocsFolder, publishedFiles, readCommitNavigation } from './commit-navigation.ts';
import type { DeployServices } from './deploy-services.ts';
import { deploySite } from './deploy-site.ts';
import { DeploymentProgress } from './progress.ts';
import { deploymentSummary, unknownComponentList } from './summary.ts';
import { ARTIFACT_TOPIC, LIVE_TOPIC } from '../events/topics.ts';
import { embedMissingChunks } from '../search/embed-chunks.ts';
import { buildArtifact } from '../search/search-artifact.ts';
import { forgetUnservedData, previousDeployment, siteOfDeployment } from './served-deployments.ts';
import { siteScreenshotsJob } from './screenshots-job.ts';

/** A failure whose cause is the project (its repository, branch or files): retrying cannot help. */
class DeploymentFailure extends Error {}

/**
 * Runs one deployment: fetch the branch, diff it against the live deployment, rebuild the pages that
 * changed, then switch the project to the new deployment in one transaction. Until that switch the
 * previous deployment stays live; a failure leaves it live. Safe to run again after a crash: a finished
 * deployment is left alone and an unfinished one starts over, reusing what it had stored.
 */
export async function runDeployment(services: DeployServices, deploymentId: string, attempt: number, signal?: AbortSignal): Promise<void> {
  const { db } = services;
  const deployment = await db.deployment.findUnique({ where: { id: deploymentId }, include: { project: true } });
  if (!deployment || deployment.status === 'success' || deployment.status === 'failure') return;
  const { project } = deployment;
  // A preview deploys its own branch; the live site, the project's branch as it is now.
  const branch = deployment.isPreview && deployment.branch ? deployment.branch : project.branch;
  const target = await siteOfDeployment(db, deployment);
  const progress = new DeploymentProgress(db, services.events, deploymentId);

  await db.deploymentPage.deleteMany({ where: { deploymentId } });
  await db.hiddenPage.deleteMany({ where: { deploymentId } });
  await progress.update({
    status: 'in_progress',
    startedAt: new Date(),
    branch,
    ...(attempt > 1 ? { logs: { push: [`Attempt ${attempt}: starting over after the previous attempt stopped.`] } } : {}),
  });

  try {
    const mirror = new GitMirror(path.join(services.reposDir, `${project.id}.git`));
    const sha = await mirror.fetch({ url: project.repoUrl, branch, github: services.github }, signal).catch((error) => {
      if (!(error instanceof GitError)) throw error;
      if (target.preview && error.kind === 'missing-branch') {
        throw new DeploymentFailure(`The branch "${branch}" does not exist in ${project.repoUrl}; push it and trigger its preview again.`);
      }
      throw new DeploymentFailure(error.message);
    });
    const commit = await mirror.commit(sha);
    progress.log(`Fetched ${branch} at ${sha.slice(0, 7)}: "${firstLine(commit.message)}" by ${commit.author} (${fmt(progress.elapsed())} s).`);
    await progress.update({
      commitSha: sha,
      commitRef: `refs/heads/${branch}`,
      commitMessage: commit.message,
      author: commit.author,
    });

    signal?.throwIfAborted();
    const commitTree = await mirror.tree(sha);
    const tree = await publishedFiles(mirror, filesOfDocsFolder(commitTree, project.docsFolder));
    const previous = await previousDeployment(db, target);
    const filesChanged = diffFiles(previous ? await readFileList(services.pool, previous.id) : {}, tree);
    progress.log(describeChanges(filesChanged, previous?.commitSha));
    await storeFileList(services.pool, deploymentId, tree, previous ? { id: previous.id, changed: filesChanged } : undefined);
    await progress.update({
      filesAdded: filesChanged.added,
      filesModified: filesChanged.modified,
      filesRemoved: filesChanged.removed,
    });

    const { navigation, offNavigation, unlisted, config, upgraded, apiReference } = await readCommitNavigation(mirror, tree, {
      branch,
      docsFolder: project.docsFolder,
    }).catch((error) => {
      if (!(error instanceof ProjectProblem)) throw error;
      const elsewhere = tree.has('docs.json') || tree.has('mint.json') ? undefined : otherDocsFolder(commitTree, project.docsFolder);
      if (elsewhere !== undefined) {
        const place = elsewhere ? `in ${elsewhere}/` : 'at its root';
        throw new DeploymentFailure(
          `${error.message}. This commit has one ${place}: deploy from there with folio project update ${project.id} --docs-folder ${elsewhere || "''"}.`,
        );
      }
      throw new DeploymentFailure(`${error.message}${error.saysWhatToDo ? '' : '; fix it and deploy again'}.`);
    });
    const isRenderingSite = services.isRenderingSite !== false;
    if (upgraded) {
      progress.log('Read the legacy mint.json as Mintlify upgrades it to docs.json (see mint upgrade).');
      for (const warning of upgraded.warnings) progress.log(`Warning: mint.json: ${warning}`);
    }
    for (const warning of navigation.warnings) progress.log(`Warning: ${warning}`);
    for (const warning of apiReference.warnings) progress.log(`Warning: ${warning}`);
    if (apiReference.specs.length > 0) {
      progress.log(
        `OpenAPI: ${counted(apiReference.specs.length, 'document')} (${apiReference.specs.map((spec) => spec.file).join(', ')}); the navigation makes ${counted(apiReference.navigation.pages.size, 'API page')} of them.`,
      );
    }
    // The check reads the commit alone: it runs while the database records the pages' routes.
    const linksFound = isRenderingSite
      ? findBrokenLinks(commitFiles(mirror, tree), tree.keys(), [...navigation.pages, ...offNavigation], config, (path) => tree.get(path))
      : Promise.resolve([]);
    linksFound.catch(() => undefined);
    const built = await buildPages({
      apiReference,
      renderOptions: renderOptionsOf(config),
      db,
      projectId: project.id,
      deploymentId,
      previousDeploymentId: previous?.id,
      changedFiles: [...filesChanged.added, ...filesChanged.modified, ...filesChanged.removed],
      mirror,
      tree,
      navigation,
      offNavigation: isRenderingSite ? offNavigation : [],
      isRendering: isRenderingSite,
      progress,
      signal,
      building: services.pageBuilding,
    });
    if (built.unknownComponents.size > 0)
      progress.log(`Unknown components: ${unknownComponentList(built.unknownComponents)}; their content is shown without them.`);
    const languages = [...built.perLanguage].map(([language, count]) => `${language} ${count}`).join(', ');
    progress.log(`Pages: ${built.served} in ${counted(built.perLanguage.size, 'language')} (${languages}).`);
    progress.log(
      `Parsed ${counted(built.parsed, 'changed page')} into ${counted(built.newChunks, 'chunk')}${built.copies ? ` (identical copies of them serve ${built.copies} more)` : ''}, reused ${built.reused} unchanged${built.skipped ? `, skipped ${built.skipped} that failed to parse` : ''} (${fmt(progress.elapsed())} s).`,
    );
    const brokenLinks = await linksFound;
    const previousLinks = previous ? await brokenLinksOf(db, previous.id) : undefined;
    const changedFiles = new Set([...filesChanged.added, ...filesChanged.modified]);
    for (const line of brokenLinkLog(brokenLinks, previousLinks && { links: previousLinks, changedFiles })) progress.log(line);
    // The site is built while the pages are embedded and indexed: each waits on the database in turn.
    const siteLog = isRenderingSite
      ? deploySite({
          db,
          projectId: project.id,
          deploymentId,
          mirror,
          tree,
          config,
          navigation,
          unlisted,
          specFiles: apiReference.specs.map((spec) => spec.file),
          built,
        })
      : Promise.resolve([]);
    siteLog.catch(() => undefined);
    const embeddingStarted = progress.elapsed();
    const embedded = await embedMissingChunks(db, services.embedder, deploymentId, signal);
    const embeddedLine = `Embedded ${counted(embedded, 'new chunk')} with ${services.embedder.id} (${fmt(progress.elapsed() - embeddingStarted)} s).`;
    const logSiteAndEmbedding = async () => {
      for (const line of await siteLog) progress.log(line);
      progress.log(embeddedLine);
    };
    if (built.served === 0) {
      await logSiteAndEmbedding();
      throw new DeploymentFailure('No page of the navigation could be read; check docs.json\'s "navigation" and the page files it names.');
    }
    // The search index is built once, here, and goes live with the deployment: web processes load it.
    await progress.update({
      defaultLanguage: navigation.defaultLanguage,
      defaultVersion: navigation.defaultVersion,
      defaultVersions: navigation.defaultVersions,
      brokenLinks: brokenLinks.map(brokenLinkKey),
    });
    const indexStarted = progress.elapsed();
    const artifact = await buildArtifact(services, services.embedder, deploymentId);
    // Web processes load it while the deployment finishes, so that it is ready when it goes live.
    await services.events.publish(ARTIFACT_TOPIC, { projectId: project.id, siteId: target.siteId, deploymentId });
    const indexSeconds = progress.elapsed() - indexStarted;
    await logSiteAndEmbedding();
    progress.log(
      `Search index: ${counted(artifact.chunkCount, 'chunk')}, ${(artifact.memoryBytes / 1024 / 1024).toFixed(1)} MB in memory; built ${artifact.builtParts} of its ${counted(artifact.builtParts + artifact.reusedParts, 'part')}, the others unchanged (${fmt(indexSeconds)} s).`,
    );

    // `success` means live: the process that serves the site from here answers from this deployment first.
    await services.servedHere?.prepare(target.siteId, deploymentId);
    signal?.throwIfAborted(); // past this point the switch is one transaction: let it finish
    const summary = deploymentSummary({
      pages: built.served,
      languages: built.perLanguage.size,
      sha,
      seconds: progress.elapsed(),
      filesChanged,
      isFirst: !previous,
      unknownComponents: built.unknownComponents,
    });
    await progress.flush();
    const goLive = () =>
      db.$transaction([
        db.deployment.update({
          where: { id: deploymentId },
          data: {
            status: 'success',
            summary,
            endedAt: new Date(),
            logs: { push: [`${target.preview ? 'Preview live' : 'Live'}: ${summary}`] },
          },
          select: { id: true },
        }),
        target.preview
          ? db.preview.update({ where: { id: target.preview.id }, data: { deploymentId, usedAt: new Date() } })
          : db.project.update({ where: { id: project.id }, data: { liveDeploymentId: deploymentId } }),
      ]);
    await (services.servedHere ? services.servedHere.switchLive(goLive) : goLive());
    await services.events.publish(LIVE_TOPIC, { projectId: project.id, siteId: target.siteId, deploymentId });
    await progress.update({});
    // Screenshots are extras: failing to queue them leaves the deployment live and successful. A
    // preview has none: its reviewers read the preview itself.
    if (!target.preview) {
      await services.jobs
        .enqueue(siteScreenshotsJob, { deploymentId })
        .catch((error) => services.log.warn(`could not queue the screenshots of deployment ${deploymentId}`, error));
    }
    await forgetUnservedData(services, project.id);
  } catch (error) {
    if (signal?.aborted) {
      await progress.update({ logs: { push: ['Interrupted: the worker is stopping; another attempt will finish this deployment.'] } });
      throw error;
    }
    if (!(error instanceof DeploymentFailure)) throw error;
    await failDeployment(services, deploymentId, error.message, progress);
  }
}

/** Ends a deployment as failed with a summary saying what to do; the live deployment stays live. */
export async function failDeployment(
  services: Pick<DeployServices, 'db' | 'events'>,
  deploymentId: string,
  summary: string,
  progress = new DeploymentProgress(services.db, services.events, deploymentId),
): Promise<void> {
  await progress.update({ status: 'failure', summary, endedAt: new Date(), logs: { push: [`Failed: ${summary}`] } });
}

/** The keys of the broken links a deployment found (brokenLinkKey), or undefined when it kept none (made before they were kept). */
async function brokenLinksOf(db: DeployServices['db'], deploymentId: string): Promise<Set<string> | undefined> {
  const { brokenLinks } = (await db.deployment.findUnique({ where: { id: deploymentId }, select: { brokenLinks: true } })) ?? {};
  return Array.isArray(brokenLinks) ? new Set(brokenLinks.map(String)) : undefined;
}

function describeChanges(files: FilesChanged, previousSha: string | null | undefined): string {
  const counts = `${files.added.length} added, ${files.modified.length} modified, ${files.removed.length} removed`;
  return previousSha ? `Files changed since ${previousSha.slice(0, 7)}: ${counts}.` : `First deployment: ${counted(files.added.length, 'file')}.`;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 120);
}

const fmt = (seconds: number) => seconds.toFixed(1);
