import { findingsOf, type Finding, SITE_WIDE } from './finding.ts';
import { type ConfigReferences, configReferences, isRemote, type OperationRef, parseOperationRef } from './openapi-references.ts';
import { normaliseSpecPath, operationKey, type SpecOperation, specFiles, specLoader } from './openapi-specs.ts';
import { readPageSource } from './page-source.ts';
import type { ServedPage, SiteSnapshot } from './site-snapshot.ts';

const specOperationKey = (spec: string, method: string, operationPath: string) => `${normaliseSpecPath(spec)} ${operationKey(method, operationPath)}`;

/**
 * API reference pages against their specifications (read with @readme/openapi-parser, the oracle):
 * every page with an `api-endpoint` element shows its operation's method, path, parameters, request body
 * properties (and theirs, one level down) and response codes; every operation the config owes a page
 * has one; every page with `openapi:` frontmatter shows its operation, or names one no specification
 * has, which the deployment's log must then say.
 */
export async function openApiFindings(site: SiteSnapshot): Promise<Finding[]> {
  const finding = findingsOf('openapi', site.name);
  const load = specLoader(site.folder);
  const findings: Finding[] = [];
  const shown = new Set<string>();
  for (const page of site.pages) {
    for (const endpoint of page.text.endpoints) {
      shown.add(specOperationKey(endpoint.spec, endpoint.method, endpoint.path));
      if (isRemote(endpoint.spec)) continue;
      const loaded = await load(endpoint.spec);
      const named = `${endpoint.method.toUpperCase()} ${endpoint.path} of ${endpoint.spec}`;
      if ('error' in loaded) findings.push(finding(page.route, 'names a specification that cannot be read', `${named}: ${loaded.error}`, 50));
      else {
        const operation = loaded.operations.get(operationKey(endpoint.method, endpoint.path));
        if (operation) findings.push(...missingParts(page, operation).map(([what, detail, weight]) => finding(page.route, what, detail, weight)));
        else findings.push(finding(page.route, 'names an operation its specification does not have', named, 50));
      }
    }
  }

  const allSpecs = specFiles(site.folder);
  let references: ConfigReferences;
  try {
    references = await configReferences(site.folder);
  } catch (error) {
    return [...findings, finding('', 'the config cannot be read for its OpenAPI references', (error as Error).message, SITE_WIDE)];
  }
  /** The operation a reference names: in its own specification, else the first of `candidates` that has it. */
  const resolve = async (ref: OperationRef, candidates: string[]): Promise<SpecOperation | undefined> => {
    for (const spec of ref.spec ? [ref.spec] : candidates) {
      const loaded = await load(spec);
      const operation = 'error' in loaded ? undefined : loaded.operations.get(operationKey(ref.method, ref.path));
      if (operation) return operation;
    }
    return undefined;
  };
  const isLogged = (ref: OperationRef) => {
    const method = new RegExp(`(?<![A-Za-z])${ref.method}(?![A-Za-z])`, 'i');
    return site.logs.some((line) => line.includes(ref.path) && method.test(line));
  };
  const pickedSpecs = new Set<string>();

  for (const page of site.pages) {
    const source = readPageSource(site.folder, page.sourcePath);
    const ref = parseOperationRef(source?.frontmatter.openapi);
    // A specification by URL cannot be read offline: such a page is checked only by what it shows.
    if (!ref || (ref.spec && isRemote(ref.spec))) continue;
    const operation = await resolve(ref, [...references.siteWide, ...allSpecs]);
    if (operation) pickedSpecs.add(operation.spec);
    if (page.text.endpoints.length > 0) continue;
    if (operation) findings.push(finding(page.route, 'has `openapi:` frontmatter but shows no operation', `openapi: ${source!.frontmatter.openapi}`, 10));
    else if (!isLogged(ref))
      findings.push(
        finding(page.route, 'names an operation no specification has; the deployment log does not say so', `openapi: ${source!.frontmatter.openapi}`, 5),
      );
  }

  const owed = new Map<string, { operation: SpecOperation; where: string }>();
  const owe = (operation: SpecOperation, where: string) => {
    const key = specOperationKey(operation.spec, operation.method, operation.path);
    if (!operation.isHidden && !owed.has(key)) owed.set(key, { operation, where });
  };
  const unreadable = new Set<string>();
  const oweAll = async (spec: string, where: string) => {
    const loaded = await load(spec);
    if (!('error' in loaded)) for (const operation of loaded.operations.values()) owe(operation, where);
    else if (!unreadable.has(spec)) {
      unreadable.add(spec);
      findings.push(finding('', 'a specification the config names cannot be read', `${spec} (${where}): ${loaded.error}`, 50));
    }
  };
  for (const picked of references.picked) {
    const operation = await resolve(picked, [...picked.inherited, ...references.siteWide, ...allSpecs]);
    if (operation) {
      pickedSpecs.add(operation.spec);
      owe(operation, picked.where);
    } else if (!isLogged(picked)) {
      findings.push(
        finding(
          '',
          'the navigation names an operation no specification has; the deployment log does not say so',
          `${picked.where}: ${picked.method.toUpperCase()} ${picked.path}`,
          5,
        ),
      );
    }
  }
  for (const { spec, where } of references.wholeSpecs) await oweAll(spec, where);
  // A site-wide specification whose operations the site picks one by one (frontmatter, navigation) owes only those.
  for (const spec of references.siteWide) if (!pickedSpecs.has(spec)) await oweAll(spec, 'api.openapi');

  const missing = [...owed.entries()].filter(([key]) => !shown.has(key));
  if (missing.length > 0) {
    const bySpec = new Map<string, [number, number]>();
    for (const [key, { operation }] of owed) {
      const counts = bySpec.get(operation.spec) ?? [0, 0];
      bySpec.set(operation.spec, [counts[0] + (shown.has(key) ? 1 : 0), counts[1] + 1]);
    }
    const perSpec = [...bySpec].map(([spec, [have, all]]) => `${spec} ${have}/${all}`).join(', ');
    findings.push(finding('', `${owed.size - missing.length} of ${owed.size} operations have a page`, perSpec, SITE_WIDE));
    for (const [, { operation, where }] of missing) {
      findings.push(finding('', 'operation without a page', `${operation.method.toUpperCase()} ${operation.path} of ${operation.spec} (${where})`, 1));
    }
  }
  return findings;
}

/** What of its operation an API page does not show: [what, detail, weight] for each kind of part missed. */
function missingParts(page: ServedPage, operation: SpecOperation): [string, string, number][] {
  const text = page.text.all;
  const compact = text.replace(/\s+/g, '');
  const shows = (name: string) => new RegExp(`(?<![\\p{L}\\p{N}_])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'u').test(text);
  const parts: [string, string, number][] = [];
  const method = operation.method.toUpperCase();
  if (!new RegExp(`(?<![A-Za-z])${method}(?![A-Za-z])`, 'i').test(text) || !compact.includes(operation.path.replace(/\s+/g, ''))) {
    parts.push(['does not show its method and path', `${method} ${operation.path}`, 20]);
  }
  const report = (what: string, all: string[], missed: string[]) => {
    if (missed.length > 0) parts.push([`misses ${missed.length} of ${all.length} ${what}`, list(missed), missed.length]);
  };
  report(
    'parameters',
    operation.parameters,
    operation.parameters.filter((name) => !shows(name)),
  );
  const properties = operation.bodyProperties.map(({ name, parent }) => ({ name, label: parent ? `${parent}.${name}` : name }));
  report(
    'request body properties',
    properties.map((property) => property.label),
    properties.filter((property) => !shows(property.name)).map((property) => property.label),
  );
  report(
    'response codes',
    operation.statuses,
    operation.statuses.filter((status) => !shows(status)),
  );
  return parts;
}

const list = (names: string[]) => (names.length > 12 ? `${names.slice(0, 12).join(', ')} and ${names.length - 12} more` : names.join(', '));
