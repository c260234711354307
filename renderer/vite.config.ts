/**
 * Both renderer builds, in order (`npm run build:renderer`, i.e. `vite build --app -c renderer/vite.config.ts`):
 * 1. client: renderer/client.tsx → .cache/renderer/client/ (assets/ + .vite/manifest.json);
 * 2. ssr: renderer/server.tsx → .cache/renderer/server/server.js, with the client's chunk
 *    names compiled in (for <link rel="modulepreload"> of lazily loaded views);
 * 3. the service worker: renderer/offline/service-worker.ts → .cache/renderer/sw/service-worker.js.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { viewChunks, type ViteManifest } from './document/vite-assets.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const clientOut = `${root}.cache/renderer/client`;
const serverOut = `${root}.cache/renderer/server`;

function viewChunksModule(): Plugin {
  const id = 'virtual:vitrina-view-chunks';
  return {
    name: 'vitrina-view-chunks',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      let chunks: Record<string, string[]> = {};
      if (this.environment.name === 'ssr') {
        const manifest = JSON.parse(readFileSync(`${clientOut}/.vite/manifest.json`, 'utf8')) as ViteManifest;
        chunks = viewChunks(manifest);
      }
      return `export default ${JSON.stringify(chunks)};`;
    },
  };
}

/**
 * Vite wraps every dynamic import in a preload helper (~0.9 KB gzip) that preloads the chunk's
 * CSS and imports. The lazily loaded chunks here have no CSS and the prerender preloads what a
 * route needs, so the helper is replaced by a call of the import itself.
 */
function plainDynamicImports(): Plugin {
  const id = '\0vite/preload-helper.js';
  return {
    name: 'vitrina-plain-dynamic-imports',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => (source === id ? id : null),
    load: (resolved) => (resolved === id ? 'export const __vitePreload = (load) => load();' : null),
  };
}

/**
 * elasticlunr 0.9.5 assigns `lunr.SortedSet = …` to an undeclared global, which throws in the
 * strict mode of an ES module chunk ("lunr is not defined"). A module-local `lunr` fixes it.
 */
function elasticlunrInStrictMode(): Plugin {
  return {
    name: 'vitrina-elasticlunr-strict-mode',
    transform: (code, id) => (/[\\/]elasticlunr[\\/]elasticlunr\.js$/.test(id) ? `var lunr = {};\n${code}` : null),
  };
}

/**
 * @readme/httpsnippet (the console's request samples) imports Node's `url` for `parse` and
 * `format`: in the browser build, that import is renderer/console/legacy-url.ts.
 */
function httpsnippetUrl(): Plugin {
  return {
    name: 'vitrina-httpsnippet-url',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source, importer) =>
      source === 'url' && importer && /[\\/]@readme[\\/]httpsnippet[\\/]/.test(importer) ? `${root}renderer/console/legacy-url.ts` : null,
  };
}

/**
 * Writes `<asset>.gz` and `<asset>.br` next to every script and stylesheet, for nginx's
 * gzip_static and brotli_static: compressed once at build time with Node's zlib (gzip -9 and
 * Brotli at quality 11), so that the same sources give the same files on every machine, whatever
 * compressors happen to be installed.
 */
function precompressAssets(): Plugin {
  return {
    name: 'vitrina-precompress-assets',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(?:js|css)$/.test(name)) continue;
        const file = join(options.dir!, name);
        const data = readFileSync(file);
        for (const [suffix, packed] of [
          ['gz', gzipSync(data, { level: 9 })],
          ['br', brotliCompressSync(data, { params: brotliParams(data.length) })],
        ] as const)
          if (packed.length < data.length) writeFileSync(`${file}.${suffix}`, packed);
      }
    },
  };
}

/** Brotli at its best: quality 11, text mode, the size known up front. */
function brotliParams(size: number): Record<number, number> {
  return {
    [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
  };
}

/**
 * The service worker's code (renderer/offline/service-worker.ts with Workbox precaching), one
 * classic script that every browser with service workers runs. The build of a site puts its
 * precache list in front of it and writes it as /sw.js (generator/publish/service-worker.ts).
 */
async function buildServiceWorker(): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [`${root}renderer/offline/service-worker.ts`],
    outfile: `${root}.cache/renderer/sw/service-worker.js`,
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    conditions: [SOURCE],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/** The workspace packages resolve to their TypeScript sources, never to a compiled lib/. */
const SOURCE = 'vitrina-docs-source';

export default defineConfig({
  root,
  base: '/',
  resolve: {
    conditions: [SOURCE, ...defaultClientConditions],
    alias: {
      'style-to-object': `${root}renderer/hast/no-inline-styles.ts`,
      // Page bodies hold no SVG: the HTML property table only (see the module).
      'property-information': `${root}renderer/hast/html-only-properties.ts`,
      'vfile-message': `${root}renderer/hast/plain-message.ts`,
    },
  },
  publicDir: false,
  clearScreen: false,
  plugins: [react(), viewChunksModule(), plainDynamicImports(), elasticlunrInStrictMode(), httpsnippetUrl(), precompressAssets()],
  build: { target: 'es2022', cssTarget: 'chrome111', modulePreload: false },
  environments: {
    client: {
      build: {
        outDir: clientOut,
        emptyOutDir: true,
        manifest: true,
        assetsDir: 'assets',
        rolldownOptions: {
          input: `${root}renderer/client.tsx`,
          // React in a chunk of its own: cached across deploys, and smaller than split by usage. The
          // links and the URL check that the shell shares with lazily loaded views in one chunk (two
          // would each cost the page a request and their own compression).
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'links', test: /renderer[\\/](components[\\/]Link\.tsx|hast[\\/]safe-url\.ts)$|schemas[\\/]paths\.ts$/ },
              ],
            },
          },
          // Precompressing (Brotli at quality 11) is a good part of the build's time, by design: no timing report.
          checks: { bundlerTimings: false },
        },
      },
    },
    ssr: {
      // React is bundled, so that its production build is chosen at build time (an external
      // react would pick its development build at run time unless NODE_ENV=production).
      resolve: { noExternal: true, conditions: [SOURCE, ...defaultServerConditions] },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: serverOut,
        emptyOutDir: true,
        ssr: true,
        rolldownOptions: {
          input: { server: `${root}renderer/server.tsx` },
          output: { entryFileNames: '[name].js' },
          // The prerender imports every view up front; the views' dynamic imports split the client
          // build only, so that they are "ineffective" here is expected.
          checks: { ineffectiveDynamicImport: false, bundlerTimings: false },
        },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
      await buildServiceWorker();
    },
  },
});
