import fs from 'node:fs';
import path from 'node:path';
import { createApiKey } from '../auth/keys.ts';
import type { Db } from '../db/database.ts';
import type { CodeHost } from '../db/generated/prisma/client.ts';
import { AppError, invalidInput } from '../errors.ts';
import { branchNameProblem } from './branch-name.ts';
import { normaliseDocsFolder } from './docs-folder.ts';
import { isSubdomain } from './subdomain.ts';

export interface CreateProjectInput {
  name: string;
  subdomain: string;
  repo: string;
  branch?: string;
  /** The repository folder that holds docs.json, when it is not the root (docs/ beside a product's code). */
  docsFolder?: string;
}

export interface CreatedProject {
  projectId: string;
  subdomain: string;
  adminKey: string;
  assistantKey: string;
}

const REMOTE = /^(https?|ssh|git|file):\/\/|^[\w.-]+@[\w.-]+:/;

export interface ProjectPlace {
  /** Where a relative repository path is resolved from. */
  cwd?: string;
  /** GitHub's address (GITHUB_URL): repositories under it are on GitHub, like those on github.com. */
  githubUrl?: string;
}

/** Creates a project with one admin and one assistant key (returned once, stored only as hashes). */
export async function createProject(db: Db, input: CreateProjectInput, place: ProjectPlace = {}): Promise<CreatedProject> {
  const name = input.name.trim();
  if (!name) throw invalidInput('name', 'The project name must not be empty.');
  if (!isSubdomain(input.subdomain)) {
    throw invalidInput('subdomain', `"${input.subdomain}" is not a valid subdomain: use 1 to 63 lowercase letters, digits and inner hyphens.`);
  }
  if (input.subdomain.includes('--')) {
    throw invalidInput('subdomain', `"${input.subdomain}" holds "--", which Folio keeps for preview addresses ({branch}--{subdomain}); use single hyphens.`);
  }
  const branch = checkedBranch(input.branch ?? 'main');
  const { repoUrl, codeHost } = resolveRepository(input.repo, place);
  const docsFolder = checkedDocsFolder(input.docsFolder ?? '');

  return db.$transaction(async (tx) => {
    const taken = await tx.project.findUnique({ where: { subdomain: input.subdomain }, select: { id: true } });
    if (taken) throw new AppError('CONFLICT', `The subdomain "${input.subdomain}" is already taken.`, { field: 'subdomain' });
    const project = await tx.project.create({ data: { name, subdomain: input.subdomain, repoUrl, branch, docsFolder, codeHost } });
    const admin = await createApiKey(tx as Db, project.id, 'admin');
    const assistant = await createApiKey(tx as Db, project.id, 'assistant');
    return { projectId: project.id, subdomain: project.subdomain, adminKey: admin.key, assistantKey: assistant.key };
  });
}

/** Changes where a project deploys from: its deployment branch, its docs folder. The next deployment reads them. */
export async function updateProject(db: Db, projectId: string, changes: { branch?: string; docsFolder?: string }): Promise<void> {
  const data = {
    ...(changes.branch === undefined ? {} : { branch: checkedBranch(changes.branch) }),
    ...(changes.docsFolder === undefined ? {} : { docsFolder: checkedDocsFolder(changes.docsFolder) }),
  };
  // PostgreSQL refuses a NUL in text: such an id names no project.
  const updated = projectId.includes('\0') ? { count: 0 } : await db.project.updateMany({ where: { id: projectId }, data });
  if (updated.count === 0) throw new AppError('NOT_FOUND', `No project has the id "${projectId}".`, { field: 'projectId' });
}

function checkedBranch(branch: string): string {
  const problem = branchNameProblem(branch);
  if (problem) throw invalidInput('branch', `"${branch}" cannot be a branch name: ${problem}.`);
  return branch;
}

function checkedDocsFolder(written: string): string {
  const docsFolder = normaliseDocsFolder(written);
  if ('problem' in docsFolder) throw invalidInput('docsFolder', `The docs folder ${docsFolder.problem}.`);
  return docsFolder.folder;
}

/** A remote URL is kept as given; a local path is made absolute and must exist. */
function resolveRepository(repo: string, { cwd = process.cwd(), githubUrl }: ProjectPlace): { repoUrl: string; codeHost: CodeHost } {
  const trimmed = repo.trim();
  if (!trimmed) throw invalidInput('repo', 'The repository must not be empty.');
  if (REMOTE.test(trimmed)) {
    if (trimmed.startsWith('file://')) return { repoUrl: trimmed, codeHost: 'local' };
    return { repoUrl: trimmed, codeHost: isOnGitHub(trimmed, githubUrl) ? 'github' : 'git' };
  }
  const absolute = path.resolve(cwd, trimmed);
  if (!fs.existsSync(absolute)) {
    throw invalidInput('repo', `The repository path ${absolute} does not exist.`);
  }
  return { repoUrl: absolute, codeHost: 'local' };
}

function isOnGitHub(url: string, githubUrl: string | undefined): boolean {
  if (/^(https?:\/\/|ssh:\/\/git@|git@)github\.com[/:]/.test(url)) return true;
  return !!githubUrl && url.toLowerCase().startsWith(`${githubUrl.replace(/\/+$/, '').toLowerCase()}/`);
}
