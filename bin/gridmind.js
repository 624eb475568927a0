#!/usr/bin/env node
// The `gridmind` command: runs the TypeScript CLI directly through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
