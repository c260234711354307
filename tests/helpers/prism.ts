/**
 * A real local mock of an OpenAPI description, as the README tells readers to run it: Prism
 * (`@stoplight/prism-cli mock`) on 127.0.0.1 and a free port, answering from the description's
 * examples and checking each request against it (a request without the API key gets a 401).
 * Stopped by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from '../e2e/nginx.ts';

const REPO = resolve(import.meta.dirname, '../..');
const PRISM_BIN = join(REPO, 'node_modules', '.bin', 'prism');

export interface RunningPrism {
  url: string;
  pid: number;
  stop: () => void;
}

/** Starts `prism mock <description>` and resolves once it listens (the description is read offline). */
export async function startPrism(description = join(REPO, 'content', 'api', 'v1.5.yaml')): Promise<RunningPrism> {
  const port = await freePort();
  const child: ChildProcess = spawn(PRISM_BIN, ['mock', description, '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  let output = '';
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`Prism did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Prism is listening/i.test(output)) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Prism exited with ${code}:\n${output}`));
    });
  });
  // (Keep reading its log, so that a full pipe never blocks it.)
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => {
      try {
        process.kill(child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
    },
  };
}
