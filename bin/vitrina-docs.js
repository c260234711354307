#!/usr/bin/env node
// The vitrina-docs CLI of this repository (and of the package the hook runners install from it:
// pre-commit 3 and 4, prek). Runs the compiled generator (generator/lib/, made by `npm run
// compile`; its bundle when there is one) when it is there and up to date with the TypeScript
// sources of the packages it uses, else the sources through tsx (a dependency, not a dev one).
//
// Why the package runs without a compile step: the runners install it in ways that do not all
// run its scripts. pre-commit 3 runs `npm install` in its clone (our postinstall compiles lib/)
// and then `npm pack` (whose stdout it reads as the tarball's name, so a `prepare` script's banner
// breaks it); prek packs the `git+file://` clone (npm prepares it with a nested install);
// pre-commit 4.6 runs `npm install -g git+file://<clone>`, and npm 11 installs that without
// lib/ (and names the postinstall among the install scripts it will stop running). So the
// package ships its TypeScript sources beside lib/, and a package without lib/ runs them: the
// same package works whatever the runner ran, and nothing committed is generated code.
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
