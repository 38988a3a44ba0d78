import type { PageCode } from '../../mintlify/mdx/page-code.ts';
import { JsxSandbox } from './jsx-sandbox.ts';
import { sandboxedScripts, type SandboxedScripts } from './page-runtime.ts';

/**
 * The sandbox of one deployment's rendering: opened when the first page with code of its own is met
 * (most pages have none), shared by that deployment's pages, closed when it ends.
 */
export class PageCodeRunner {
  private sandbox: Promise<JsxSandbox> | undefined;

  /** The page's code ready to run, or undefined for a page without any. */
  async scriptsFor(code: PageCode): Promise<SandboxedScripts | undefined> {
    if (code.statements.length === 0 && Object.keys(code.modules).length === 0) return undefined;
    this.sandbox ??= JsxSandbox.open();
    return sandboxedScripts(await this.sandbox, code);
  }

  async close(): Promise<void> {
    const sandbox = await this.sandbox?.catch(() => undefined);
    sandbox?.close();
    this.sandbox = undefined;
  }
}
