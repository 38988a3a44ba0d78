/** Where the widget talks to and which site it serves, read from an element's attributes. */
export interface ServerSettings {
  domain: string;
  apiKey: string;
  /** Folio's address, without a trailing slash. */
  baseUrl: string;
  version?: string;
  language?: string;
}

/** The origin this module was loaded from: the default Folio address. */
const SCRIPT_ORIGIN = new URL(import.meta.url).origin;

/** Folio's address: the `base-url` attribute, else the origin the widget's script came from. */
export function resolveBaseUrl(attribute: string | null | undefined): string {
  return (attribute || SCRIPT_ORIGIN).replace(/\/+$/, '');
}

/** `{version, language}` as both routes take it, or undefined when neither is set. */
export function filterOf(settings: ServerSettings): { version?: string; language?: string } | undefined {
  const filter = { ...(settings.version ? { version: settings.version } : {}), ...(settings.language ? { language: settings.language } : {}) };
  return Object.keys(filter).length > 0 ? filter : undefined;
}

export function authHeaders(settings: ServerSettings): Record<string, string> {
  // Tells analytics the widget's requests from API calls (api/analytics/callers.ts).
  return { authorization: `Bearer ${settings.apiKey}`, 'x-folio-client': 'widget' };
}

/** The attributes both elements take, as Lit property declarations. */
export const SERVER_PROPERTIES = {
  domain: { type: String },
  apiKey: { type: String, attribute: 'api-key' },
  baseUrl: { type: String, attribute: 'base-url' },
  siteUrl: { type: String, attribute: 'site-url' },
  version: { type: String },
  language: { type: String },
  theme: { type: String, reflect: true },
} as const;

/** What an element with SERVER_PROPERTIES holds. */
export interface ServerAttributes {
  domain: string;
  apiKey: string;
  baseUrl: string;
  siteUrl: string;
  version: string;
  language: string;
  theme: string;
}

export function settingsOf(element: ServerAttributes): ServerSettings {
  return {
    domain: element.domain ?? '',
    apiKey: element.apiKey ?? '',
    baseUrl: resolveBaseUrl(element.baseUrl),
    version: element.version || undefined,
    language: element.language || undefined,
  };
}
