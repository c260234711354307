#!/usr/bin/env node
// The vitrina-docs CLI. Runs the compiled generator (lib/, made by `npm run compile`) when it is
// up to date with the TypeScript sources, else the sources themselves through tsx.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = `${root}lib/.compiled`;
const SOURCES = ['generator', 'schemas', 'renderer/shared', 'renderer/search'];

function newestSource() {
  let newest = 0;
  for (const dir of SOURCES) {
    if (!existsSync(`${root}${dir}`)) continue;
    for (const entry of readdirSync(`${root}${dir}`, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.ts$/.test(entry.name)) newest = Math.max(newest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
    }
  }
  return newest;
}

async function load() {
  const installed = !existsSync(`${root}generator/cli.ts`) && existsSync(`${root}lib/generator/cli.js`);
  if (installed || (existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource())) {
    return import(new URL('../lib/generator/cli.js', import.meta.url).href);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(new URL('../generator/cli.ts', import.meta.url).href);
}

const { main } = await load();
process.exitCode = await main(process.argv);
