#!/usr/bin/env node
// Runs the compiled CLI (dist/), rebuilding it first if the TypeScript sources changed since it was built.
import { compiledEntry } from '../scripts/build.js';

await import(await compiledEntry({ isRunning: true }));
