import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/logger.ts';
import { openRuntime, type Runtime } from '../api/runtime.ts';
import { UNLIMITED } from '../bench/limits.ts';
import { corpusRepository, deployedProject } from '../bench/corpus.ts';
import { removeDataDir } from '../test/support/embedded-cluster.ts';

/**
 * What every evaluation works on: a runtime (DATABASE_URL, or an embedded PostgreSQL in a temporary
 * DATA_DIR) with the mintlify-docs corpus deployed as a project, and without rate limits. `run` gets
 * them; everything is removed afterwards.
 */
export async function withDeployedCorpus<T>(
  run: (corpus: { runtime: Runtime; project: Awaited<ReturnType<typeof deployedProject>>['project']; deploymentId: string }) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-eval-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...UNLIMITED });
  const runtime = await openRuntime(config, createLogger('warn'), { isWorker: false });
  const repo = corpusRepository();
  try {
    const { project, deploymentId } = await deployedProject(runtime, repo.dir);
    try {
      return await run({ runtime, project, deploymentId });
    } finally {
      await runtime.database.prisma.project.delete({ where: { id: project.projectId } });
    }
  } finally {
    repo.remove();
    await runtime.close();
    removeDataDir(dataDir);
  }
}
