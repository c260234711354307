/** Starts nginx on dist/ for the whole run; the teardown stops it by its PID. */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distDir, REPO, startNginx } from './nginx.ts';
import { startPrism } from '../helpers/prism.ts';

export const STATE_FILE = join(REPO, '.cache', 'e2e-nginx', 'state.json');

export default async function globalSetup(): Promise<void> {
  const dist = distDir();
  if (!existsSync(join(dist, 'manifest.json')) || !existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} has no built site: run the build first (npm run build:renderer && node bin/vitrina-docs.js build)`);
  }
  const { pid, port } = await startNginx(dist);
  // A local mock of the API (v1.5) for the "Try it" console to call, on an origin of its own.
  const prism = await startPrism();
  writeFileSync(STATE_FILE, JSON.stringify({ pid, port, prism: prism.pid }));
  process.env.VITRINA_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.VITRINA_PRISM_URL = prism.url;
  process.env.VITRINA_DIST = dist;
}
