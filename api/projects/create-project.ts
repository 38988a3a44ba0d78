import fs from 'node:fs';
import path from 'node:path';
import { createApiKey } from '../auth/keys.ts';
import type { Db } from '../db/database.ts';
import type { CodeHost } from '../db/generated/prisma/client.ts';
import { AppError, invalidInput } from '../errors.ts';
import { branchNameProblem } from './branch-name.ts';
import { isSubdomain } from './subdomain.ts';

export interface CreateProjectInput {
  name: string;
  subdomain: string;
  repo: string;
  branch?: string;
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
  const branch = input.branch ?? 'main';
  const problem = branchNameProblem(branch);
  if (problem) throw invalidInput('branch', `"${branch}" cannot be a branch name: ${problem}.`);
  const { repoUrl, codeHost } = resolveRepository(input.repo, place);

  return db.$transaction(async (tx) => {
    const taken = await tx.project.findUnique({ where: { subdomain: input.subdomain }, select: { id: true } });
    if (taken) throw new AppError('CONFLICT', `The subdomain "${input.subdomain}" is already taken.`, { field: 'subdomain' });
    const project = await tx.project.create({ data: { name, subdomain: input.subdomain, repoUrl, branch, codeHost } });
    const admin = await createApiKey(tx as Db, project.id, 'admin');
    const assistant = await createApiKey(tx as Db, project.id, 'assistant');
    return { projectId: project.id, subdomain: project.subdomain, adminKey: admin.key, assistantKey: assistant.key };
  });
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
