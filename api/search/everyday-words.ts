import { fold, type Analyzer, type QueryTerm } from './analyzer.ts';
import type { ExpansionTerm } from './keyword-index.ts';
import { lookupTable } from '../lookup-table.ts';

/**
 * Everyday English for what documentation sites call by a technical name: readers ask for "the
 * chatbot", "a password on the site" or "how many people read it", while the pages say assistant,
 * authentication and analytics. The offline word vectors rarely put such pairs close together (they
 * learned from news and the web, not from documentation tools), so this table says it outright. It
 * is written about documentation platforms in general (publishing, navigation, access, analytics, AI
 * features, integrations), not about one site: a word the site does not use is simply not found.
 * Keys are lowercase words or phrases as asked; values are the words documentation uses for them.
 * French and Spanish have shorter tables of the same kind.
 */
const ENGLISH = lookupTable<string>({
  // The AI features.
  chatbot: 'assistant',
  'chat bot': 'assistant',
  'ai chat': 'assistant',
  voice: 'tone',
  friendlier: 'tone',
  personality: 'tone',
  persona: 'tone',
  'coding tools': 'mcp',
  'coding assistant': 'mcp cursor',
  'code editor': 'cursor ide',
  'look things up': 'mcp',
  // Pages, menus and what readers see.
  article: 'page',
  articles: 'pages',
  menu: 'navigation sidebar',
  sidebar: 'navigation',
  'table of contents': 'navigation',
  invisible: 'hidden',
  unlisted: 'hidden',
  hide: 'hidden',
  'does not exist': '404',
  "doesn't exist": '404',
  'not found': '404',
  'missing page': '404',
  'same paragraph': 'snippets reusable',
  reuse: 'snippets reusable',
  'reusable content': 'snippets',
  'in order': 'steps',
  numbered: 'steps',
  'step by step': 'steps',
  hover: 'tooltip',
  'mouse rests': 'tooltip',
  popup: 'tooltip',
  'pops up': 'tooltip',
  'boxes and arrows': 'diagram mermaid',
  flowchart: 'diagram mermaid',
  chart: 'diagram',
  'folders and files': 'tree',
  'file structure': 'tree',
  calculator: 'react component',
  colour: 'color',
  brand: 'colors logo',
  'look and feel': 'theme appearance',
  typeface: 'font',
  printable: 'pdf',
  print: 'pdf',
  'one file': 'pdf export',
  // Addresses, access and people.
  'web address': 'domain',
  'own address': 'domain',
  hostname: 'domain',
  password: 'authentication',
  'secret word': 'password authentication',
  'shared secret': 'password authentication',
  'signed in': 'authentication',
  'sign in': 'authentication login',
  'log in': 'authentication login',
  'logged in': 'authentication personalization',
  private: 'authentication',
  protect: 'authentication password',
  'identity provider': 'sso saml',
  'company login': 'sso',
  'company directory': 'scim provisioning',
  'user directory': 'scim provisioning',
  teammates: 'members',
  colleagues: 'members',
  'my team': 'members roles',
  'who can': 'roles permissions',
  'may publish': 'roles permissions',
  // Publishing and previews.
  'temporary link': 'preview deployment',
  'temporary site': 'preview deployment',
  'before going live': 'preview',
  'before they go live': 'preview',
  staging: 'preview',
  'on my laptop': 'local preview dev',
  'on my computer': 'local preview dev',
  locally: 'local preview dev',
  'as i save': 'local preview dev',
  'in the browser': 'editor web',
  'without git': 'editor',
  'without touching git': 'editor',
  subfolder: 'monorepo',
  'same repository': 'monorepo',
  'same repo': 'monorepo',
  'several other projects': 'monorepo',
  'points nowhere': 'broken links',
  'dead link': 'broken links',
  'dead links': 'broken links',
  'fail the build': 'ci checks',
  'another vendor': 'migration migrate',
  'move our': 'migration migrate',
  'every week': 'schedule automation',
  weekly: 'schedule automation',
  'without me asking': 'automation automatic',
  automatically: 'automation',
  'api description': 'openapi specification',
  'api spec': 'openapi',
  swagger: 'openapi',
  // Search engines and visitors.
  'google search': 'seo',
  'on google': 'seo',
  'in google': 'seo',
  'google results': 'seo',
  'search engine': 'seo',
  'search engines': 'seo',
  listing: 'indexing noindex',
  'own the site': 'verification',
  prove: 'verification verify',
  'how many people': 'analytics traffic views visitors',
  'reader numbers': 'analytics traffic',
  readership: 'analytics traffic',
  visitors: 'analytics',
  statistics: 'analytics',
  stats: 'analytics',
  spreadsheet: 'export csv',
  csv: 'export',
  'looked for': 'searches search analytics',
  'returned nothing': 'no results',
  'storage bucket': 's3 streaming',
  warehouse: 'streaming export',
  helpful: 'feedback',
  'thumbs up': 'feedback',
  rating: 'feedback',
  tracking: 'analytics cookies',
  consent: 'cookies privacy',
  'permission before tracking': 'cookies consent privacy',
  gdpr: 'privacy cookies',
  'support person': 'support intercom chat',
  'support inbox': 'support email contact',
  'talk to': 'chat support',
  cost: 'credits pricing',
  price: 'pricing credits',
  pay: 'billing credits',
  languages: 'internationalization translations localization',
  'several languages': 'internationalization',
  translate: 'translations internationalization',
  multilingual: 'internationalization',
  offline: 'export',
});

const FRENCH = lookupTable<string>({
  chatbot: 'assistant',
  'mot de passe': 'authentification',
  'code secret': 'mot passe authentification',
  connectes: 'authentification',
  'se connecter': 'authentification',
  invisible: 'masquees',
  menu: 'navigation',
  'lien temporaire': 'apercu deploiement',
  'avant de publier': 'apercu',
  'meme depot': 'monorepo',
  'sous dossier': 'monorepo',
  'sur google': 'seo referencement',
  'dans google': 'seo referencement',
  'moteurs de recherche': 'seo',
  imprimer: 'pdf',
  'un seul fichier': 'pdf export',
  'plusieurs langues': 'multilingue',
  langues: 'multilingue',
  'adresse web': 'domaine',
  'propre adresse': 'domaine',
  coute: 'tarification credits',
  prix: 'tarification credits',
  utile: 'retours notes',
  reutiliser: 'extraits reutilisables',
  'meme paragraphe': 'extraits reutilisables',
  'aucun resultat': 'sans resultats',
  'combien de personnes': 'trafic visiteurs',
  visiteurs: 'trafic',
  tableur: 'export csv',
});

const SPANISH = lookupTable<string>({
  chatbot: 'asistente',
  'clave secreta': 'contrasena autenticacion',
  'iniciar sesion': 'autenticacion',
  invisible: 'ocultas',
  menu: 'navegacion barra lateral',
  'enlace temporal': 'vista previa',
  'antes de publicar': 'vista previa',
  'mismo repositorio': 'monorepo',
  subcarpeta: 'monorepo',
  'en google': 'seo posicionamiento',
  buscadores: 'seo motores busqueda',
  imprimir: 'pdf',
  'un solo archivo': 'pdf',
  'varios idiomas': 'multilingue',
  idiomas: 'multilingue',
  'direccion web': 'dominio',
  'propia direccion': 'dominio',
  costara: 'precios creditos',
  cuesta: 'precios creditos',
  costo: 'precios creditos',
  ayudo: 'comentarios calificaciones',
  util: 'comentarios calificaciones',
  valorar: 'calificaciones comentarios',
  reutilizar: 'fragmentos reutilizables',
  'mismo parrafo': 'fragmentos reutilizables',
  'ningun resultado': 'sin resultados',
  'cuantas personas': 'trafico visitantes',
  visitantes: 'trafico',
  'hoja de calculo': 'exportar csv',
});

const TABLES = lookupTable<Readonly<Record<string, string>>>({ en: ENGLISH, fr: FRENCH, es: SPANISH });

/** Everyday phrases of up to this many words. */
const MAX_PHRASE_WORDS = 4;
/** How close an everyday word is taken to be to what it stands for (the word vectors' scale). */
const CLOSENESS = 0.85;

/** A phrase of the table as its language's analyzer reads it: its words' terms, last first, and what it means. */
interface AnalysedPhrase {
  sourceTerms: string[];
  meaningTerms: string[];
}

/** Each language's table, analysed once per analyzer (queries only look phrases up). */
const analysed = new WeakMap<Analyzer, Map<string, AnalysedPhrase>>();

function analysedTable(analyzer: Analyzer, table: Record<string, string>): Map<string, AnalysedPhrase> {
  let phrases = analysed.get(analyzer);
  if (!phrases) {
    phrases = new Map();
    for (const [phrase, meaning] of Object.entries(table)) {
      const sourceTerms = phrase
        .split(' ')
        .reverse()
        .flatMap((word) => analyzer.queryTerms(word).slice(0, 1).map((q) => q.term));
      phrases.set(fold(phrase), { sourceTerms, meaningTerms: analyzer.queryTerms(meaning).map((q) => q.term) });
    }
    analysed.set(analyzer, phrases);
  }
  return phrases;
}

/**
 * The site words a query's everyday words stand for, as expansions of the query term they come from
 * (the last word of the phrase that the analyzer keeps). Words are compared without accents.
 */
export function everydayExpansions(query: string, queryTerms: QueryTerm[], analyzer: Analyzer, weight: number): ExpansionTerm[] {
  const table = TABLES[analyzer.language];
  if (!table || weight <= 0) return [];
  const phrases = analysedTable(analyzer, table);
  const words = fold(query).split(/[^\p{L}\p{N}'’]+/u).filter(Boolean);
  const asked = new Set(queryTerms.map((q) => q.term));
  const found = new Map<string, ExpansionTerm>();
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= words.length; length++) {
      const phrase = phrases.get(words.slice(start, start + length).join(' '));
      const source = phrase?.sourceTerms.find((term) => asked.has(term));
      if (!phrase || !source) continue;
      for (const term of phrase.meaningTerms) {
        if (!asked.has(term) && !found.has(`${source}\u0000${term}`)) found.set(`${source}\u0000${term}`, { term, weight: CLOSENESS * weight, source, similarity: CLOSENESS });
      }
    }
  }
  return [...found.values()];
}
