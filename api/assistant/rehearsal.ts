import { afterDeploymentsHere } from '../deploying-here.ts';
import { LIVE_TOPIC } from '../events/topics.ts';
import type { Services } from '../services.ts';
import { answerModelFor } from './models.ts';

const QUESTION = 'How do I get started?';
/** The `fp` of a rehearsal's thread (removed as soon as the rehearsal ends). */
const REHEARSAL_FP = 'folio:rehearsal';

/**
 * Makes a web process's first answer as quick as the ones after it: the answer path's code is loaded
 * and compiled on first use, which made a process's first answer wait longer than the next ones. With the offline model, the process answers one question of its own the way it answers a
 * visitor's, stored as a thread which is removed as soon as the answer ends (storing a thread is part
 * of what a first answer paid for: Prisma's first run of each query): when it starts, on the most recently deployed site; in a process that
 * started with no site live, as soon as the first deployment goes live, so that the first question
 * after it is not the process's first answer. With a model endpoint configured only its client is
 * loaded: a rehearsal there would be a paid call.
 */
export class AnswerRehearsal {
  #listener: AsyncIterableIterator<Record<string, unknown>> | undefined;

  constructor(private readonly services: Services) {}

  /** Rehearses on this project (a live site the process loaded), else on the first site to go live. */
  async start(projectId: string | undefined): Promise<void> {
    if (this.services.config.answerModel) {
      await answerModelFor(this.services.config);
      return;
    }
    if (projectId && (await this.rehearseOn(projectId))) return;
    this.#listener = this.services.events.subscribe(LIVE_TOPIC);
    void this.rehearseOnFirstLive(this.#listener);
  }

  close(): void {
    void this.#listener?.return?.();
  }

  private async rehearseOnFirstLive(listener: AsyncIterableIterator<Record<string, unknown>>): Promise<void> {
    for await (const event of listener) {
      const { projectId } = event as { projectId?: string };
      if (!projectId) continue;
      const rehearsed = await this.rehearseOn(projectId).catch((error) => {
        this.services.log.warn('could not rehearse an answer', error);
        return true;
      });
      if (rehearsed) break;
    }
  }

  /** Whether the project had a live site to answer on. */
  private async rehearseOn(projectId: string): Promise<boolean> {
    const project = await this.services.db.project.findUnique({ where: { id: projectId }, select: { id: true, name: true, liveDeploymentId: true } });
    if (!project?.liveDeploymentId) return false;
    await afterDeploymentsHere();
    const started = performance.now();
    // Imported here, not at the top: the answer path (the AI SDK with it) then loads after the process listens.
    const { answerUnrecorded } = await import('./unrecorded-answer.ts');
    await answerUnrecorded(this.services, project, QUESTION, REHEARSAL_FP);
    this.services.log.debug(`rehearsed an answer on ${project.name} in ${(performance.now() - started).toFixed(0)} ms`);
    return true;
  }
}
