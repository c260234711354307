/**
 * Builds the renderer (both environments) as `npm run build:renderer -- --logLevel warn` does,
 * without writing anything: what it prints is what `make build` shows a writer.
 */
import { fileURLToPath } from 'node:url';
import { createBuilder } from 'vite';

const configFile = fileURLToPath(new URL('../../renderer/vite.config.ts', import.meta.url));
const builder = await createBuilder({
  configFile,
  logLevel: 'warn',
  environments: { client: { build: { write: false } }, ssr: { build: { write: false } } },
});
await builder.buildApp();
