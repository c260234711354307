import { existsSync, readFileSync, rmSync } from 'node:fs';
import { STATE_FILE } from './global-setup.ts';

export default async function globalTeardown(): Promise<void> {
  if (!existsSync(STATE_FILE)) return;
  const { pid, prism } = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { pid: number; prism?: number };
  for (const id of [pid, prism]) {
    if (id === undefined) continue;
    try {
      process.kill(id, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  rmSync(STATE_FILE, { force: true });
}
