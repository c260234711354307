import { createRequire } from 'node:module';
import { relative, resolve, sep } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import type { Diagnostic, SidebarId } from '@vitrina-docs/schemas';
import { formatDiagnostics, printableJson, summarise } from './diagnostics.ts';
import { findProjectRoot } from './project-root.ts';
import { limitHeapGrowth, limitOptimisingCompiler } from './v8-flags.ts';

/** Exit codes: 0 success, 1 content errors, 2 usage errors. */
export const EXIT = { ok: 0, content: 1, usage: 2 } as const;

function printDiagnostics(diagnostics: Diagnostic[], format: string, strict: boolean): number {
  const failing = diagnostics.filter((d) => d.severity === 'error' || strict).length;
  if (format === 'json') {
    process.stdout.write(`${printableJson({ diagnostics, errors: failing, warnings: diagnostics.length - failing }, 2)}\n`);
  } else if (diagnostics.length) {
    process.stderr.write(`${formatDiagnostics(diagnostics)}\n`);
  }
  return failing > 0 ? EXIT.content : EXIT.ok;
}

const stagesOf = (timings: Record<string, number>) =>
  Object.entries(timings)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The version of the installed @vitrina-docs/generator. */
function cliVersion(): string {
  return (createRequire(import.meta.url)('@vitrina-docs/generator/package.json') as { version: string }).version;
}

export function createProgram(): Command {
  const program = new Command('vitrina-docs')
    .description('Build, check and serve the Vitrina documentation site from content/')
    .option('-C, --root <dir>', 'project folder that holds content/', '.')
    .version(cliVersion(), '-v, --version', 'print the version of vitrina-docs')
    // Program options go before the command, so that a command may have a --version of its own (query).
    .enablePositionalOptions()
    .showHelpAfterError()
    .exitOverride();
  // -C names the project folder; without it, the nearest folder (this one or above) that holds content/.
  const rootOf = () =>
    program.getOptionValueSource('root') === 'cli'
      ? resolve(program.opts<{ root: string }>().root)
      : (findProjectRoot(process.cwd()) ?? process.cwd());
  const format = () => new Option('--format <format>', 'diagnostics as text or json').choices(['text', 'json']).default('text');

  program
    .command('validate')
    .description('Run every check on the content without writing anything (fast enough for a pre-commit hook)')
    .argument('[files...]', 'check only these files (and the pages that link to them); a file other than a page checks everything')
    .option(
      '--staged',
      'check content/ as it is staged in git, for pre-commit hooks: the staged pages, or everything when a page is removed or another file changes',
    )
    .addOption(format())
    .option('--strict', 'treat warnings as errors')
    .option('--verbose', 'also print the time of each stage')
    .action(async (files: string[], opts: { staged?: boolean; format: string; strict?: boolean; verbose?: boolean }) => {
      limitOptimisingCompiler();
      const started = performance.now();
      const root = rootOf();
      const { validateTarget, UsageError } = await import('./validate-target.ts');
      let target;
      try {
        target = validateTarget(root, process.cwd(), files, Boolean(opts.staged));
      } catch (e) {
        if (!(e instanceof UsageError)) throw e;
        process.stderr.write(`vitrina-docs validate: ${e.message}\n`);
        process.exitCode = EXIT.usage;
        return;
      }
      if (target.kind === 'nothing') {
        if (opts.format === 'text') process.stderr.write('vitrina-docs validate --staged: no staged change under content/\n');
        else printDiagnostics([], opts.format, false);
        return;
      }
      if (target.reason && opts.format === 'text') process.stderr.write(`checking every page: ${target.reason}\n`);
      try {
        const { runPipeline } = await import('./build.ts');
        const result = await runPipeline({ root: target.root, mode: 'validate', files: target.files });
        const code = printDiagnostics(result.diagnostics, opts.format, Boolean(opts.strict));
        if (opts.format === 'text') {
          const ms = Math.round(performance.now() - started);
          process.stderr.write(`validated${target.staged ? ' the staged content' : ''} in ${ms} ms: ${summarise(result.diagnostics)}\n`);
          if (opts.verbose) process.stderr.write(`  stages (ms): ${stagesOf(result.timings)}\n`);
          if (code !== EXIT.ok && target.staged)
            process.stderr.write(
              'the content as staged has errors: fix them and stage the fixes (git add); changes that are not staged are not checked\n',
            );
        }
        process.exitCode = code;
      } finally {
        target.remove();
      }
    });

  program
    .command('build')
    .description('Check the content and write the site to dist/ (swapped in only when the whole build succeeds)')
    .option('-o, --out <dir>', 'output folder', 'dist')
    .option('--no-prerender', 'write data only, no HTML')
    .option('--verbose', 'also print the time of each stage, the sizes of the manifest, pages and search shards, and the budgets')
    .addOption(format())
    .action(async (opts: { out: string; prerender: boolean; format: string; verbose?: boolean }) => {
      limitHeapGrowth();
      limitOptimisingCompiler();
      const { runPipelineOnThread } = await import('./pipeline/run-on-thread.ts');
      const started = performance.now();
      const root = rootOf();
      const result = await runPipelineOnThread({ root, mode: 'build', outDir: resolve(root, opts.out), prerender: opts.prerender });
      const code = printDiagnostics(result.diagnostics, opts.format, false);
      if (opts.format !== 'text') {
        process.exitCode = code;
        return;
      }
      const counts = summarise(result.diagnostics);
      const s = result.stats;
      if (!s) {
        process.stderr.write(`build failed (${counts}): ${opts.out}/ was left as it was\n`);
        process.exitCode = code === EXIT.ok ? EXIT.content : code;
        return;
      }
      const ms = performance.now() - started;
      process.stderr.write(`built ${s.pages} pages (${s.routes} routes) into ${opts.out}/ in ${seconds(ms)}: ${counts}\n`);
      if (opts.verbose) {
        const lines = [
          `  manifest.json       ${kb(s.bytes.manifest)}`,
          `  largest page JSON   ${kb(s.bytes.largestPage.bytes)}  ${s.bytes.largestPage.url}`,
          ...Object.entries(s.bytes.shards).map(([p, b]) => `  ${p.padEnd(48)} ${kb(b)}`),
          `  stages (ms)         ${stagesOf(s.timings)}`,
        ];
        const { budgetWarnings } = await import('./budgets.ts');
        for (const w of budgetWarnings(s)) lines.push(`  over budget: ${w}`);
        process.stderr.write(`${lines.join('\n')}\n`);
      }
      process.exitCode = code;
    });

  program
    .command('preview')
    .description('Serve dist/ as the production server would (clean URLs, 404 page); analytics off unless --analytics')
    .option('-p, --port <port>', 'port', '4173')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('-d, --dir <dir>', 'folder to serve', 'dist')
    .option('--analytics', "send page views to the site's analytics service, as the published site does")
    .action(async (opts: { port: string; host: string; dir: string; analytics?: boolean }) => {
      const { startStaticServer } = await import('./serve/static-server.ts');
      const server = await startStaticServer({
        dir: resolve(rootOf(), opts.dir),
        host: opts.host,
        port: Number(opts.port),
        analytics: Boolean(opts.analytics),
      }).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EADDRINUSE') throw e;
        process.stderr.write(`vitrina-docs preview: port ${opts.port} is in use: pass --port <n> (make preview PORT=<n>)\n`);
        process.exit(EXIT.usage);
      });
      process.stderr.write(
        `serving ${opts.dir}/ on ${server.url}/${opts.analytics ? '' : ' (analytics off: --analytics to send page views)'}\n`,
      );
    });

  program
    .command('schemas')
    .description('Write the JSON Schema files generated from the zod schemas to schemas/json/')
    .option('--check', 'exit 1 when the files on disk are stale, write nothing')
    .action(async (opts: { check?: boolean }) => {
      const { writeJsonSchemas } = await import('./json-schemas.ts');
      const stale = writeJsonSchemas(rootOf(), Boolean(opts.check));
      if (opts.check && stale.length) {
        process.stderr.write(`stale JSON Schema files (run vitrina-docs schemas): ${stale.join(', ')}\n`);
        process.exitCode = EXIT.content;
      } else if (!opts.check) process.stderr.write(`wrote ${stale.length} changed file(s) in schemas/json/\n`);
    });

  program
    .command('query')
    .description('Search a built site from the terminal, as the site ranks; prints the hits as JSON')
    .argument('<text>', 'what to search for')
    .addOption(new Option('--locale <locale>', 'locale to search (default: ru for a query in Cyrillic, else en)').choices(['ru', 'en']))
    .option('--limit <n>', 'number of hits', '10')
    .option('--sidebar <sidebar>', 'only this sidebar')
    .option('--version <id>', 'only this version of its sidebar (ic2, v1), with that sidebar’s pages that have no version')
    .option('-d, --dir <dir>', 'built site', 'dist')
    .action(async (text: string, opts: { locale?: 'ru' | 'en'; limit: string; sidebar?: string; version?: string; dir: string }) => {
      const { queryBuiltSite } = await import('./search/query-cli.ts');
      const { SiteNotBuiltError } = await import('@vitrina-docs/search/node');
      try {
        const hits = await queryBuiltSite(resolve(rootOf(), opts.dir), text, {
          locale: opts.locale,
          limit: Number(opts.limit),
          sidebar: (opts.sidebar ?? null) as SidebarId | null,
          version: opts.version ?? null,
        });
        process.stdout.write(`${JSON.stringify(hits, null, 2)}\n`);
      } catch (e) {
        if (!(e instanceof SiteNotBuiltError)) throw e;
        process.stderr.write(`vitrina-docs query: ${e.message}\n`);
        process.exitCode = EXIT.usage;
      }
    });

  program
    .command('mcp')
    .description(
      'Serve the documentation to AI agents as an MCP server (tools: search, fetch, get_api_operation, list_api_operations, list_pages), on stdio or on Streamable HTTP',
    )
    .option('-d, --dir <dir>', 'built site', 'dist')
    .option('--site <url>', 'a published site to read instead of a folder (e.g. https://docs.vitrina.example)')
    .option('--http', 'serve Streamable HTTP at /mcp (stateless) instead of stdio')
    .option('-p, --port <port>', 'with --http: port (0: any free port)', '3333')
    .option('--host <host>', 'with --http: address to listen on', '127.0.0.1')
    .option('--allow-host <names...>', 'with --http: also answer these Host names (the public name behind a reverse proxy)')
    .action(async (opts: { dir: string; site?: string; http?: boolean; port: string; host: string; allowHost?: string[] }) => {
      const { folderFiles, urlFiles } = await import('./mcp/site-files.ts');
      const { openDocs, serveHttp, serveStdio } = await import('./mcp/mcp-server.ts');
      const files = opts.site ? urlFiles(opts.site) : folderFiles(resolve(rootOf(), opts.dir));
      let docs;
      try {
        docs = await openDocs(files);
      } catch (e) {
        process.stderr.write(`vitrina-docs mcp: ${(e as Error).message}\n`);
        process.exitCode = EXIT.usage;
        return;
      }
      if (!opts.http) {
        await serveStdio(docs, cliVersion());
        return;
      }
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        process.stderr.write(`vitrina-docs mcp: --port "${opts.port}" is not a port number\n`);
        process.exitCode = EXIT.usage;
        return;
      }
      const http = await serveHttp(docs, cliVersion(), { host: opts.host, port, allowHosts: opts.allowHost }).catch(
        (e: NodeJS.ErrnoException) => {
          if (e.code !== 'EADDRINUSE') throw e;
          process.stderr.write(`vitrina-docs mcp: port ${opts.port} is in use: pass --port <n>\n`);
          process.exit(EXIT.usage);
        },
      );
      process.stderr.write(`MCP server of ${files.where} on ${http.url}\n`);
    });

  program
    .command('translations')
    .description(
      'List the en pages whose ru source changed since they were marked, with what changed there (or never marked); --mark records them as in step',
    )
    .argument('[files...]', 'only these pages (either side of a pair)')
    .option('--mark', 'write translation_of (the hash of the ru body) into the en pages')
    .addOption(new Option('--format <format>', 'the list as text or json').choices(['text', 'json']).default('text'))
    .action(async (files: string[], opts: { mark?: boolean; format: 'text' | 'json' }) => {
      const { runTranslations } = await import('./translations/translations-cli.ts');
      const root = rootOf();
      const out = runTranslations({
        root,
        files: files.map((f) => relative(root, resolve(f)).split(sep).join('/')),
        mark: Boolean(opts.mark),
        format: opts.format,
        colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
      });
      process.stdout.write(out.stdout);
      process.stderr.write(out.stderr);
      process.exitCode = out.code;
    });

  program
    .command('new')
    .description(
      'Create a ru+en docs page pair from the template of a page type, list its route in content/routes.tsv and say what to fill in (asks for the titles in a terminal)',
    )
    .argument('<route>', 'the new route, e.g. /docs/portal/reports')
    .addOption(
      new Option('--type <type>', 'page type (default: from the route)').choices(['how-to', 'concept', 'api-method', 'release-notes']),
    )
    .option('--title <title>', 'title of the ru page')
    .option('--title-en <title>', 'title of the en page')
    .option('--position <n>', 'sidebar_position of both pages (default: after the last entry of the folder)')
    .option('--operation <operationId>', 'API method pages: the operation in content/api/<version>.yaml')
    .action(
      async (
        route: string,
        opts: {
          type?: 'how-to' | 'concept' | 'api-method' | 'release-notes';
          title?: string;
          titleEn?: string;
          position?: string;
          operation?: string;
        },
      ) => {
        const { createPagePair, ScaffoldError } = await import('./scaffold/new-page.ts');
        const { askTitle } = await import('./scaffold/ask-title.ts');
        try {
          const position = opts.position === undefined ? undefined : Number(opts.position);
          if (position !== undefined && !Number.isFinite(position))
            throw new ScaffoldError(`--position "${opts.position}" is not a number`);
          const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);
          const r = await createPagePair({
            root: rootOf(),
            route,
            ...opts,
            position,
            ask: interactive ? askTitle : undefined,
          });
          const lines = [
            `created ${r.route} (${r.type}${r.position === null ? '' : `, sidebar_position ${r.position}`})`,
            ...r.pages.map((f) => `  ${f}`),
            ...r.categories.map((f) => `  ${f}  (new folder: set its labels in both languages, and its position)`),
            `  content/routes.tsv  + ${r.inventoryLine.replace(/\t/g, '  ')}`,
            "fill in (validate reports the template's instructions as errors until they are replaced):",
          ];
          for (const f of r.fillIn) {
            lines.push(`  ${f.file}`);
            for (const part of f.parts) lines.push(`    line ${String(part.line).padEnd(4)} ${part.what}`);
          }
          lines.push(`then check them: npx vitrina-docs validate ${r.pages.join(' ')}`);
          process.stdout.write(`${lines.join('\n')}\n`);
        } catch (e) {
          if (!(e instanceof ScaffoldError)) throw e;
          process.stderr.write(`vitrina-docs new: ${e.message}\n`);
          process.exitCode = EXIT.usage;
        }
      },
    );

  program
    .command('dev')
    .description("Writers' preview: build once, serve on 127.0.0.1, regenerate what an edit under content/ changes and update the browser")
    .option('-p, --port <port>', 'port (0: any free port)', '4300')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--analytics', "send page views to the site's analytics service (off in dev, so that writers are not counted as readers)")
    .action(async (opts: { port: string; host: string; analytics?: boolean }) => {
      // (Its first pass compiles every page, as a build does; an edit then compiles one page.)
      limitOptimisingCompiler();
      const { startDevServer } = await import('./dev/dev-server.ts');
      try {
        await startDevServer({
          root: rootOf(),
          host: opts.host,
          port: Number(opts.port),
          analytics: Boolean(opts.analytics),
          log: (line) => process.stderr.write(`${line}\n`),
        });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
        process.stderr.write(`vitrina-docs dev: port ${opts.port} is in use (another dev server?): pass --port <n>\n`);
        process.exit(EXIT.usage);
      }
    });

  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    return EXIT.content;
  }
  return Number(process.exitCode ?? 0);
}
