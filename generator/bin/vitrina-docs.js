#!/usr/bin/env node
// The vitrina-docs CLI of the installed @vitrina-docs/generator package.
import { main } from '../lib/cli.js';

process.exitCode = await main(process.argv);
