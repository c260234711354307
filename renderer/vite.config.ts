/**
 * Both renderer builds, in order (`npm run build:renderer`, i.e. `vite build --app -c renderer/vite.config.ts`):
 * 1. client: renderer/client.tsx → .cache/renderer/client/ (assets/ + .vite/manifest.json);
 * 2. ssr: renderer/server.tsx → .cache/renderer/server/server.js, with the client's chunk
 *    names compiled in (for <link rel="modulepreload"> of lazily loaded views).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  clearScreen: false,
  plugins: [react(), viewChunksModule(), plainDynamicImports(), elasticlunrInStrictMode()],
  build: { target: 'es2022', cssTarget: 'chrome111', modulePreload: false },
  environments: {
    client: {
      build: {
        outDir: clientOut,
        emptyOutDir: true,
        manifest: true,
        assetsDir: 'assets',
        rolldownOptions: { input: `${root}renderer/client.tsx` },
      },
    },
    ssr: {
      // React is bundled, so that its production build is chosen at build time (an external
      // react would pick its development build at run time unless NODE_ENV=production).
      resolve: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: serverOut,
        emptyOutDir: true,
        ssr: true,
        rolldownOptions: { input: { server: `${root}renderer/server.tsx` }, output: { entryFileNames: '[name].js' } },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
    },
  },
});
