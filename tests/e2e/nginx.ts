/**
 * Real nginx for the end-to-end tests: a generated main config (127.0.0.1, a free port, temp
 * folders under .cache/e2e-nginx) whose server block includes deploy/nginx/site.conf — the
 * production configuration itself — with `root` pointing at the built dist/.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');
export const NGINX_BIN = process.env.NGINX ?? '/usr/sbin/nginx';

export function distDir(): string {
  return resolve(process.env.VITRINA_DIST ?? join(REPO, 'dist'));
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

/** Debian's libnginx-mod-http-brotli-static (`make system-deps`): site.conf serves the build's `.br` files. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export function nginxConfig(input: { dir: string; port: number; root: string }): string {
  const { dir, port, root } = input;
  return `load_module ${BROTLI_STATIC_MODULE};
${workerUser()}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  server {
    listen 127.0.0.1:${port};
    server_name localhost;
    root ${root};
    include vitrina-docs/site.conf;
  }
}
`;
}

/**
 * Started by root, nginx runs its workers as `nobody`, who cannot read a checkout under a
 * private home (/root is mode 700) nor a mkdtemp folder: the workers then run as the user who
 * started the tests, the owner of what they serve. Started by anyone else, nginx cannot switch
 * users and the workers are that user already.
 */
function workerUser(): string {
  return process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
}

/**
 * The `vitrina-docs/` folder of an nginx prefix: deploy/nginx's files, and the CSP directive of
 * the build being served (dist/_deploy/nginx/csp.conf), as a deploy puts them.
 */
export function siteConfDir(prefix: string, dist: string, deploy = join(REPO, 'deploy', 'nginx')): void {
  const dir = join(prefix, 'vitrina-docs');
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(deploy)) symlinkSync(join(deploy, file), join(dir, file));
  const csp = join(dist, '_deploy', 'nginx', 'csp.conf');
  if (!existsSync(csp)) throw new Error(`${csp} is missing: the build writes it when it prerenders (npm run build:renderer first)`);
  copyFileSync(csp, join(dir, 'csp.conf'));
}

/** Writes the config and starts nginx in the foreground (detached); returns its PID. */
export async function startNginx(root: string): Promise<{ pid: number; port: number; dir: string }> {
  const port = await freePort();
  const dir = join(REPO, '.cache', 'e2e-nginx', String(port));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  siteConfDir(dir, root);
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig({ dir, port, root }));
  const child = spawn(NGINX_BIN, ['-p', dir, '-c', join(dir, 'nginx.conf')], { detached: true, stdio: 'ignore' });
  child.unref();
  if (!child.pid) throw new Error('nginx did not start');
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/manifest.json`, { method: 'HEAD' });
      if (response.ok) return { pid: child.pid, port, dir };
      process.kill(child.pid, 'SIGTERM');
      const log = existsSync(join(dir, 'error.log'))
        ? readFileSync(join(dir, 'error.log'), 'utf8').trim().split('\n').slice(-3).join('\n')
        : '';
      throw new Error(`nginx on ${root} answers /manifest.json with ${response.status}, not 200 (${dir}/error.log):\n${log}`);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  process.kill(child.pid, 'SIGTERM');
  throw new Error(`nginx did not answer on port ${port} (see ${dir}/error.log)`);
}
