/** What mermaid's prebuilt script (mermaid.min.js) defines on the page. */
interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  run(options: { nodes: HTMLElement[] }): Promise<void>;
}

/**
 * Mermaid diagrams: their source, shown as it is without script, is drawn by mermaid's own build, which
 * Folio serves beside this script and which is loaded only on a page that has a diagram. Strict security
 * (mermaid's default) keeps script and links in a diagram inert.
 */
export async function drawDiagrams(scriptUrl: URL): Promise<void> {
  const nodes = [...document.querySelectorAll<HTMLElement>('pre.mermaid')];
  if (nodes.length === 0) return;
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl.href;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('mermaid could not be loaded'));
    document.head.append(script);
  });
  const mermaid = (window as unknown as { mermaid: Mermaid }).mermaid;
  // The site's appearance may fix a theme (color-scheme: light or dark); otherwise the reader's preference.
  const scheme = getComputedStyle(document.documentElement).colorScheme.trim();
  const isDark = scheme === 'dark' || (scheme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: isDark ? 'dark' : 'default' });
  await mermaid.run({ nodes });
}
