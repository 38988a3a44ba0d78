#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader (transforms are cached on disk between runs).
import { register } from 'tsx/esm/api';

register();
await import('../api/main.ts');
