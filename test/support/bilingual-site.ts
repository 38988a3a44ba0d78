import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const GUIDE = ['quickstart', 'webhooks', 'fonts', 'domain', 'analytics', 'migrate'];

/** A long section, cut into several chunks by deployment (api/deploy/chunk.ts). */
const MIGRATION_STEPS = Array.from(
  { length: 12 },
  (_, i) =>
    `Step ${i + 1} of the migration copies the archived records of batch ${i + 1} into the new workspace, checks their checksums against the export manifest, and keeps the original batch untouched until the copy is verified by the importer.`,
).join('\n\n');

const ENGLISH: Record<string, string> = {
  quickstart: '---\ntitle: Quickstart\n---\n\n## Install the CLI\n\nRun the installer to get the command line tool, then preview the site locally.\n',
  webhooks: '---\ntitle: Webhooks\n---\n\n## Verify a webhook\n\nEvery webhook carries an HMAC signature header; compare it with your signing secret.\n',
  fonts: '---\ntitle: Fonts\n---\n\n## Set a typeface\n\nPick any typeface from Google Fonts for headings and body text.\n',
  domain: '---\ntitle: Custom domain\n---\n\n## Configure DNS\n\nAdd a CNAME record pointing docs to the hosting address.\n',
  analytics: '---\ntitle: Analytics\n---\n\n## Count visitors\n\nThe dashboard counts visitors and page views every day.\n',
  migrate: `---\ntitle: Migrate your data\n---\n\n## Move the archive\n\n${MIGRATION_STEPS}\n`,
};

const FRENCH: Record<string, string> = {
  quickstart: '---\ntitle: Démarrage rapide\n---\n\n## Installer la CLI\n\nLancez l’installateur pour obtenir l’outil en ligne de commande.\n',
  webhooks: '---\ntitle: Webhooks\n---\n\n## Vérifier un webhook\n\nChaque webhook porte une signature HMAC ; comparez-la avec votre secret.\n',
  fonts: '---\ntitle: Polices\n---\n\n## Choisir une police\n\nChoisissez une police de Google Fonts pour les titres et le texte.\n',
  domain: '---\ntitle: Domaine personnalisé\n---\n\n## Configurer le DNS\n\nAjoutez un enregistrement CNAME vers l’adresse d’hébergement.\n',
  analytics: '---\ntitle: Statistiques\n---\n\n## Compter les visiteurs\n\nLe tableau de bord compte les visiteurs et les pages vues chaque jour.\n',
  migrate: '---\ntitle: Migrer vos données\n---\n\n## Déplacer l’archive\n\nCopiez les archives par lots et vérifiez chaque lot.\n',
};

const PAGE_FILES = {
  ...Object.fromEntries(GUIDE.map((page) => [`${page}.mdx`, ENGLISH[page]!])),
  ...Object.fromEntries(GUIDE.map((page) => [`fr/${page}.mdx`, FRENCH[page]!])),
};

/**
 * A small site in English and French (six pages each, the French ones under `fr/`), as a folder of
 * files without Git: the source versionedSite (versioned-site.ts) makes its versions of.
 */
export function bilingualSource(): { dir: string; pages: string[]; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bilingual-'));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Bilingual',
      navigation: {
        languages: [
          { language: 'en', groups: [{ group: 'Guide', pages: GUIDE }] },
          { language: 'fr', groups: [{ group: 'Guide', pages: GUIDE.map((page) => `fr/${page}`) }] },
        ],
      },
    }),
    ...PAGE_FILES,
  };
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return { dir, pages: GUIDE, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The same site in `versions` versions that list the same files (each page one stored page, served in
 * every version), but for one page a language that each older version has its own edited copy of, under
 * `v{n}/`: the files of a Git repository (makeRepo).
 */
export function sharedVersionsSite(versions: number): Record<string, string> {
  const files: Record<string, string> = { ...PAGE_FILES };
  const languageNode = (language: string, folder: string) => ({
    language,
    versions: Array.from({ length: versions }, (_, v) => {
      const version = `v${versions - v}`;
      const edited = GUIDE[v % GUIDE.length]!;
      const pages = GUIDE.map((page) => {
        if (v === 0 || page !== edited) return `${folder}${page}`;
        files[`${version}/${folder}${page}.mdx`] = `${PAGE_FILES[`${folder}${page}.mdx`]}\n## Changes in ${version}\n\nWhat changed in ${version}.\n`;
        return `${version}/${folder}${page}`;
      });
      return { version, ...(v === 0 ? { default: true } : {}), groups: [{ group: 'Guide', pages }] };
    }),
  });
  files['docs.json'] = JSON.stringify({ name: 'Shared versions', navigation: { languages: [languageNode('en', ''), languageNode('fr', 'fr/')] } });
  return files;
}
