import type { PageCode } from '../../mintlify/mdx/page-code.ts';
import { STATIC_SCRIPTS } from '../page-scripts.ts';
import { JsxSandbox } from './jsx-sandbox.ts';
import { sandboxedScripts, type SandboxedScripts } from './page-runtime.ts';

/**
 * The sandbox of one deployment's rendering: opened when the first page with code of its own is met
 * (most pages have none), shared by that deployment's pages, closed when it ends.
 */
export class PageCodeRunner {
  private sandbox: Promise<JsxSandbox> | undefined;

  /**
   * The page's code ready to run, or undefined for a page without any. When the sandbox cannot start
   * at all, the page's components show their children and its warnings say why.
   */
  async scriptsFor(code: PageCode): Promise<SandboxedScripts | undefined> {
    if (code.statements.length === 0 && Object.keys(code.modules).length === 0) return undefined;
    this.sandbox ??= JsxSandbox.open();
    try {
      return sandboxedScripts(await this.sandbox, code);
    } catch (error) {
      return { ...STATIC_SCRIPTS, warnings: [`its components could not run: the sandbox did not start (${(error as Error).message.split('\n')[0]})`] };
    }
  }

  async close(): Promise<void> {
    const sandbox = await this.sandbox?.catch(() => undefined);
    sandbox?.close();
    this.sandbox = undefined;
  }
}
