#!/usr/bin/env node
// The vitrina-docs CLI of this repository (and of the package the pre-commit framework installs
// from it). Runs the compiled generator (generator/lib/, made by `npm run compile`; its bundle
// when there is one) when it is up to date with the TypeScript sources of the packages it uses,
// else the sources through tsx.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = `${root}generator/lib/.compiled`;
const SOURCES = ['generator', 'schemas', 'search'];

function newestSource() {
  let newest = 0;
  for (const dir of SOURCES) {
    if (!existsSync(`${root}${dir}`)) continue;
    for (const entry of readdirSync(`${root}${dir}`, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.ts$/.test(entry.name) || /(^|[\\/])(lib|node_modules)([\\/]|$)/.test(entry.parentPath.slice(root.length)))
        continue;
      newest = Math.max(newest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
    }
  }
  return newest;
}

const installed = !existsSync(`${root}generator/cli.ts`);
if (installed || (existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource())) {
  // The compiled generator, as its package's own bin runs it (its bundle when there is one).
  await import(new URL('../generator/bin/vitrina-docs.js', import.meta.url).href);
} else {
  const { registerSourceMode } = await import(new URL('../generator/pipeline/source-mode.mjs', import.meta.url).href);
  registerSourceMode();
  const { main } = await import(new URL('../generator/cli.ts', import.meta.url).href);
  process.exitCode = await main(process.argv);
}
