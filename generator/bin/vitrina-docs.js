#!/usr/bin/env node
// The vitrina-docs CLI of the installed @vitrina-docs/generator package: its bundle (lib/bundle/,
// made when the package was packed), else the compiled modules.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../lib/bundle/cli.js', import.meta.url);
const { main } = await import((existsSync(fileURLToPath(bundle)) ? bundle : new URL('../lib/cli.js', import.meta.url)).href);

process.exitCode = await main(process.argv);
