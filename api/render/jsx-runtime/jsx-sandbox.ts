import { getQuickJS, shouldInterruptAfterDeadline, type QuickJSContext, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten';
import { runtimeSource } from './runtime-bundle.ts';

/** What one sandbox may hold: pages' code is small; a loop that allocates stops here, not in the worker. */
const MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;
const STACK_LIMIT_BYTES = 1024 * 1024;

/** A page's code failed in the sandbox (it threw, ran too long or used too much memory). */
export class SandboxError extends Error {}

let engine: Promise<QuickJSWASMModule> | undefined;

/**
 * A JavaScript sandbox for the code in documentation pages (`export const Card = …`, components
 * imported from snippets): QuickJS compiled to WebAssembly, with its own memory limit and a deadline
 * per call, and nothing of the host in reach (no file system, network, timers or process). Pages of
 * one deployment share one sandbox, as they share one site; each deployment gets a new one. Code goes
 * in as source text and values come out as JSON: no object crosses.
 */
export class JsxSandbox {
  private isBroken = false;

  private constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly vm: QuickJSContext,
  ) {}

  static async open(): Promise<JsxSandbox> {
    const quickJs = await (engine ??= getQuickJS());
    const runtime = quickJs.newRuntime();
    runtime.setMemoryLimit(MEMORY_LIMIT_BYTES);
    runtime.setMaxStackSize(STACK_LIMIT_BYTES);
    const sandbox = new JsxSandbox(runtime, runtime.newContext());
    sandbox.run(runtimeSource(), 5_000, 'runtime.js');
    return sandbox;
  }

  /**
   * Runs a script and returns the value of its last expression as a string (callers serialise what they
   * want back). Throws SandboxError when the script fails or outlives `timeoutMs`.
   */
  run(code: string, timeoutMs: number, file = 'page.js'): string {
    if (this.isBroken) throw new SandboxError('the sandbox stopped after running out of memory');
    this.runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeoutMs));
    try {
      const result = this.vm.evalCode(code, file);
      if (result.error) {
        const error = this.vm.dump(result.error) as { name?: string; message?: string } | string;
        result.error.dispose();
        const message = typeof error === 'string' ? error : `${error?.name ?? 'Error'}: ${error?.message ?? ''}`;
        if (/out of memory/i.test(message)) this.isBroken = true;
        throw new SandboxError(/interrupted/i.test(message) ? `it ran longer than ${timeoutMs} ms` : message);
      }
      const value = this.vm.dump(result.value);
      result.value.dispose();
      return typeof value === 'string' ? value : JSON.stringify(value ?? null);
    } finally {
      this.runtime.removeInterruptHandler();
    }
  }

  close(): void {
    this.vm.dispose();
    this.runtime.dispose();
  }
}
