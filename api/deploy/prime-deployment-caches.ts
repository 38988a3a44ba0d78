import fs from 'node:fs';
import path from 'node:path';
import { holdReusedAnalyses } from '../search/index-builder.ts';
import { findBrokenLinks } from './broken-links.ts';
import { readFileList } from './commit-file-list.ts';
import { readCommitNavigation } from './commit-navigation.ts';
import type { DeployServices } from './deploy-services.ts';
import { isDeployingHere } from '../deploying-here.ts';
import { commitFiles, GitMirror } from './git.ts';

/** The live sites a worker prepares for after it starts: those deployed last, most likely to be deployed next. */
const SITES_PRIMED = 3;

/**
 * Prepares a worker that just started for the redeployments of the sites deployed last, as one that
 * has deployed them already is: it reads their commit's configuration and OpenAPI documents, the facts
 * the link check keeps by blob, and the search analyses the index build reuses. A redeployment's
 * steps then cost what they cost in a warm worker. Gives way as soon as a deployment runs here or the
 * process stops (`signal`), and leaves out a site whose repository this worker has no mirror of.
 * Returns how many sites it primed.
 */
export async function primeDeploymentCaches(services: DeployServices, signal: AbortSignal): Promise<number> {
  const shouldStop = () => isDeployingHere() || signal.aborted;
  const live = await services.db.deployment.findMany({
    where: { status: 'success', liveFor: { isNot: null } },
    orderBy: { endedAt: 'desc' },
    take: SITES_PRIMED,
    select: { id: true, projectId: true, branch: true, liveFor: { select: { branch: true, docsFolder: true } } },
  });
  let primed = 0;
  for (const deployment of live) {
    if (shouldStop()) break;
    const mirror = new GitMirror(path.join(services.reposDir, `${deployment.projectId}.git`));
    if (!fs.existsSync(path.join(mirror.dir, 'HEAD'))) continue;
    try {
      const tree = new Map(Object.entries(await readFileList(services.pool, deployment.id)));
      const { navigation, offNavigation, config } = await readCommitNavigation(mirror, tree, {
        branch: deployment.branch ?? deployment.liveFor!.branch,
        docsFolder: deployment.liveFor!.docsFolder,
      });
      if (shouldStop()) break;
      if (services.isRenderingSite !== false) {
        await findBrokenLinks(commitFiles(mirror, tree), tree.keys(), [...navigation.pages, ...offNavigation], config, (file) => tree.get(file));
      }
      await holdReusedAnalyses(services, services.embedder, deployment.id, shouldStop);
      primed++;
    } catch (error) {
      // What it could not prepare, the next deployment does as it always can.
      services.log.debug(`could not prepare for the next deployment of project ${deployment.projectId}`, error);
    }
  }
  return primed;
}
