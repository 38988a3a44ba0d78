import { counted } from '../counted.ts';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { checkRepository, type Finding } from '../deploy/check-repository.ts';
import { folderFiles } from '../deploy/folder-files.ts';
import { UsageError } from './cli-error.ts';
import { parseCommandArgs } from './parse.ts';

const CHECK_HELP = `Usage: folio check [DIR] [--json]

Checks a documentation repository on disk as a deployment reads it, with no database and no server:
docs.json (or mint.json, read as Mintlify upgrades it) and its $refs, every page of the navigation,
snippets, frontmatter, MDX the parser cannot read, and links to site paths that no page, redirect or
file answers (anchors too, where the page's headings are known). DIR defaults to the current folder.

Prints each problem as file:line: message, errors apart from warnings, then a summary. Exits 1 when
there are errors, 0 otherwise.

--json   Print {errors, warnings, pages, summary} as JSON`;

/** `folio check [DIR]`: the repository's problems, errors first; the exit code says whether there were errors. */
export async function checkCommand(args: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } }, true);
  if (values.help) {
    out(CHECK_HELP);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError('Give one folder to check (default: the current one).');
  const dir = path.resolve(positionals[0] ?? '.');
  const isFolder = await stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!isFolder) throw new UsageError(`${dir} is not a folder.`);

  const files = await folderFiles(dir);
  const report = await checkRepository(files, files.paths, dir);
  const summary = `${counted(report.errors.length, 'error')}, ${counted(report.warnings.length, 'warning')} in ${counted(report.pages, 'page')}${report.configFile ? ` (${report.configFile})` : ''}.`;
  if (values.json) {
    out(JSON.stringify({ errors: report.errors, warnings: report.warnings, pages: report.pages, summary }, null, 2));
  } else {
    const section = (title: string, findings: Finding[]) => {
      if (findings.length > 0) out(`${title} (${findings.length}):\n${findings.map((f) => `${f.file}:${f.line}: ${f.message}`).join('\n')}\n`);
    };
    section('Errors', report.errors);
    section('Warnings', report.warnings);
    out(summary);
  }
  return report.errors.length > 0 ? 1 : 0;
}
