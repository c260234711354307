#!/usr/bin/env node
// The vitrina-docs CLI. Runs the compiled generator (lib/, made by `npm run compile`) when it is
// there and up to date with the sources, else the TypeScript sources through tsx.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../lib/generator/cli.js', import.meta.url);
const stamp = new URL('../lib/.compiled', import.meta.url);
const sources = new URL('../generator/cli.ts', import.meta.url);

async function load() {
  if (existsSync(fileURLToPath(compiled)) && existsSync(fileURLToPath(stamp))) {
    return import(compiled.href);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(sources.href);
}

const { main } = await load();
process.exitCode = await main(process.argv);
void statSync;
