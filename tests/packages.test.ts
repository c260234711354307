/**
 * Each workspace package, packed and installed into a fresh folder as its users install it: what
 * it pulls in, and that it works there without anything of this repository.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { installedPackages, installFresh, packWorkspaces, TOOLCHAIN, type PackageName } from './helpers/packages.ts';
import { ROOT } from './helpers/project.ts';

let packs: Record<PackageName, string>;
const made: string[] = [];

const node = (cwd: string, script: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH } });

beforeAll(() => {
  packs = packWorkspaces();
  made.push(join(packs['@vitrina-docs/schemas'], '..'));
}, 120_000);
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('the repository package (what the pre-commit framework packs and installs)', () => {
  it('depends on the CLI’s packages by path and lists their runtime dependencies, with the same ranges', () => {
    const read = (dir: string) =>
      JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; files?: string[] };
    const root = read('.');
    for (const pkg of ['schemas', 'search', 'generator']) {
      expect(root.dependencies?.[`@vitrina-docs/${pkg}`]).toBe(`file:./${pkg}`);
      for (const [name, range] of Object.entries(read(pkg).dependencies ?? {})) {
        if (!name.startsWith('@vitrina-docs/')) expect(root.dependencies?.[name], `${pkg} needs ${name}`).toBe(range);
      }
      expect(root.files).toContain(`${pkg}/lib/`);
    }
  });
});

describe('the README’s examples', () => {
  it('shows the chatbot example as it is in tests/search/runtime-client.mjs', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /<!-- tests\/search\/runtime-client\.mjs[^\n]*-->\n```js\n([\s\S]*?)```\n/.exec(readme)?.[1];
    expect(block).toBe(readFileSync(join(ROOT, 'tests', 'search', 'runtime-client.mjs'), 'utf8'));
  });
});

describe('the README’s embedding guide', () => {
  it('shows the example app as it is in tests/embed-app/main.tsx', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /<!-- embed-app\/main\.tsx[^\n]*-->\n```tsx\n([\s\S]*?)```\n/.exec(readme)?.[1];
    expect(block).toBe(readFileSync(join(ROOT, 'tests', 'embed-app', 'main.tsx'), 'utf8'));
  });

  it('shows the example app’s Vite configuration as it is in tests/embed-app/vite.config.ts', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /<!-- embed-app\/vite\.config\.ts[^\n]*-->\n```ts\n([\s\S]*?)```\n/.exec(readme)?.[1];
    expect(block).toBe(readFileSync(join(ROOT, 'tests', 'embed-app', 'vite.config.ts'), 'utf8'));
  });
});

describe('packed packages', { timeout: 240_000 }, () => {
  it('@vitrina-docs/schemas installs zod only, and its schemas and path helpers work', () => {
    const dir = installFresh('schemas', { '@vitrina-docs/schemas': `file:${packs['@vitrina-docs/schemas']}` });
    made.push(dir);
    expect([...installedPackages(dir)].sort()).toEqual(['@vitrina-docs/schemas', 'zod']);
    const out = node(
      dir,
      `import { DocFrontmatterSchema } from '@vitrina-docs/schemas';
       import { withLocale } from '@vitrina-docs/schemas/paths';
       const r = DocFrontmatterSchema.safeParse({ title: 'Start a visit', description: 'x'.repeat(60), sidebar_positon: 1 });
       console.log(JSON.stringify({ ok: r.success, key: r.error?.issues[0]?.keys?.[0], path: withLocale('/docs/mobile', 'en') }));`,
    );
    expect(JSON.parse(out)).toEqual({ ok: false, key: 'sidebar_positon', path: '/en/docs/mobile' });
  });

  it('@vitrina-docs/renderer installs React, the schemas and hast-util-to-jsx-runtime, nothing of the toolchain, and draws a body', () => {
    const dir = installFresh(
      'renderer',
      { '@vitrina-docs/renderer': `file:${packs['@vitrina-docs/renderer']}`, react: '^19.0.0', 'react-dom': '^19.0.0' },
      { '@vitrina-docs/schemas': packs['@vitrina-docs/schemas'] },
    );
    made.push(dir);
    const installed = installedPackages(dir);
    for (const name of ['@vitrina-docs/renderer', '@vitrina-docs/schemas', 'react', 'react-dom', 'hast-util-to-jsx-runtime']) {
      expect(installed).toContain(name);
    }
    for (const name of [...TOOLCHAIN, '@vitrina-docs/search', 'elasticlunr', '@orama/stemmers', 'stopword', 'rehype-react', 'unified']) {
      expect(installed, name).not.toContain(name);
    }
    const html = node(
      dir,
      `import { createElement } from 'react';
       import { renderToStaticMarkup } from 'react-dom/server';
       import { PageBody } from '@vitrina-docs/renderer';
       const body = { type: 'root', children: [
         { type: 'element', tagName: 'h2', properties: { id: 'steps' }, children: [{ type: 'text', value: 'Steps' }] },
         { type: 'element', tagName: 'p', properties: {}, children: [
           { type: 'element', tagName: 'a', properties: { href: '/docs/mobile' }, children: [{ type: 'text', value: 'app' }] },
           { type: 'element', tagName: 'a', properties: { href: 'javascript:alert(1)' }, children: [{ type: 'text', value: 'x' }] },
         ] },
       ] };
       console.log(renderToStaticMarkup(createElement(PageBody, { body, colourMode: 'dark', locale: 'ru', resolveHref: (h) => '/help' + h })));`,
    );
    expect(html).toContain('<div class="vd-root vd-page-body" data-theme="dark" lang="ru">');
    expect(html).toContain('<h2 id="steps">Steps');
    expect(html).toContain('href="/help/docs/mobile"');
    expect(html).not.toContain('javascript:');
    // The host app owns its origin: the embedding entry never registers a service worker.
    const code = readdirSync(join(dir, 'node_modules/@vitrina-docs/renderer'), { recursive: true })
      .filter((f) => String(f).endsWith('.js'))
      .map((f) => readFileSync(join(dir, 'node_modules/@vitrina-docs/renderer', String(f)), 'utf8'));
    expect(code.length).toBeGreaterThan(0);
    expect(code.some((c) => c.includes('serviceWorker'))).toBe(false);
  });

  it('@vitrina-docs/search installs its language pipeline only, and its runtime answers from a built site as the site ranks', () => {
    const dir = installFresh(
      'search',
      { '@vitrina-docs/search': `file:${packs['@vitrina-docs/search']}` },
      { '@vitrina-docs/schemas': packs['@vitrina-docs/schemas'] },
    );
    made.push(dir);
    const installed = installedPackages(dir);
    for (const name of [...TOOLCHAIN, 'unified', 'react', 'react-dom', '@vitrina-docs/renderer', 'elasticlunr'])
      expect(installed, name).not.toContain(name);
    const out = node(dir, `import { analyse } from '@vitrina-docs/search'; console.log(analyse('Визиты агентов', 'ru').join(' '));`);
    expect(out.trim()).toBe('визит агент');
    // The README's example for chatbot authors, run in a separate process with nothing of this repository.
    cpSync(join(ROOT, 'tests', 'search', 'runtime-client.mjs'), join(dir, 'search.mjs'));
    const ask = (...args: string[]) =>
      JSON.parse(
        execFileSync(process.execPath, ['search.mjs', inject('realDist'), ...args], {
          cwd: dir,
          encoding: 'utf8',
          env: { PATH: process.env.PATH },
        }),
      ) as {
        url: string;
        version: string | null;
        current: boolean;
        text: string;
      }[];
    const ru = ask('как начать визит');
    expect(ru[0]).toMatchObject({ version: 'ic3', current: true });
    expect(ru[0]!.url).toMatch(/^https:\/\/docs\.vitrina\.example\/docs\/mobile\/ic3\/visits\/start(#|$)/);
    expect(ru[0]!.text).toMatch(/визит/i);
    const en = ask('start a visit');
    expect(en[0]!.url).toMatch(/^https:\/\/docs\.vitrina\.example\/en\/docs\/mobile\/ic3\/visits\/start(#|$)/);
    expect(ask('start a visit', 'ic2')[0]).toMatchObject({ version: 'ic2', current: false });
  });

  it('@vitrina-docs/generator installs and runs its CLI on a fresh project', () => {
    const dir = installFresh(
      'generator',
      { '@vitrina-docs/generator': `file:${packs['@vitrina-docs/generator']}` },
      { '@vitrina-docs/schemas': packs['@vitrina-docs/schemas'], '@vitrina-docs/search': packs['@vitrina-docs/search'] },
    );
    made.push(dir);
    cpSync(join(ROOT, 'tests', 'fixtures', 'site-ok', 'content'), join(dir, 'content'), { recursive: true });
    const bin = join(dir, 'node_modules', '.bin', 'vitrina-docs');
    const validate = execFileSync(bin, ['validate'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(validate).toBe('');
    // The CLI runs as its bundle, whose thread entries sit beside it: a build with a worker
    // (VITRINA_DOCS_WORKERS=1, as on two cores) starts both.
    expect(existsSync(join(dir, 'node_modules', '@vitrina-docs', 'generator', 'lib', 'bundle', 'cli.js'))).toBe(true);
    execFileSync(bin, ['build', '--no-prerender'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, VITRINA_DOCS_WORKERS: '1' },
    });
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'dist', 'manifest.json'), 'utf8')) as object)).toContain('locales');
    expect(readdirSync(join(dir, 'dist', 'search')).some((f) => f.endsWith('.entry.json'))).toBe(true);
    writeFileSync(
      join(dir, 'compile.mjs'),
      "import { compileMarkdown } from '@vitrina-docs/generator';\nconst r = await compileMarkdown('Lead.\\n\\n## Steps {#steps}\\n');\nconsole.log(JSON.stringify(r.toc));\n",
    );
    expect(JSON.parse(execFileSync(process.execPath, ['compile.mjs'], { cwd: dir, encoding: 'utf8' }))).toEqual([
      { depth: 2, id: 'steps', text: 'Steps' },
    ]);
  });
});
