#!/usr/bin/env node
// The `leadforge` command. The service is TypeScript run through tsx's loader, so there is no
// build step between a checkout and a running service (docs/adr/0001-run-typescript-with-tsx.md).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
await main(process.argv);
