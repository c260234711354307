/**
 * Files a careless or hostile writer can put under content/: links out of the repository, hidden
 * files, SVGs with script, odd encodings. Nothing leaks into the site; each is an error with its path.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '@vitrina-docs/generator';
import type { Diagnostic } from '@vitrina-docs/schemas';
import { checkSvg } from '../../generator/pipeline/check-svg.ts';
import { copyFixture, runCli } from '../helpers/project.ts';

const SECRET = 'SECRET-7f3a: this text lives outside the repository';

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
<script>fetch('/__vitrina/state')</script>
<rect width="10" height="10" onclick="alert(1)"/>
<use xlink:href="https://evil.example/sprite.svg#a"/>
<foreignObject width="10" height="10"><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject>
<style>@import url(https://evil.example/a.css);</style>
</svg>
`;

// What the diagrams of content/static use: CSS with a dark-mode media query and custom properties.
const CLEAN_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 120" role="img" aria-labelledby="t d">
<title id="t">Shelf</title><desc id="d">A shelf with three products</desc>
<style>:root{--fg:#1f2933;--bg:#fff}@media (prefers-color-scheme: dark){:root{--fg:#e5e7eb;--bg:#1a1d23}}rect{fill:var(--bg);stroke:var(--fg)}#dark:target+g{fill:#e5e7eb}</style>
<defs><marker id="arr" viewBox="0 0 10 10" refX="9" refY="5"><path d="M0 0 L10 5 L0 10 z"/></marker><linearGradient id="g"><stop offset="0"/></linearGradient></defs>
<g id="dark"/><g><rect width="320" height="120" fill="url(#g)"/><line x1="0" y1="0" x2="10" y2="10" marker-end="url(#arr)"/><use href="#arr"/></g>
</svg>
`;

describe('checkSvg', () => {
  it('accepts a drawing with CSS, a dark-mode media query, custom properties, title and desc', () => {
    expect(checkSvg(CLEAN_SVG)).toEqual([]);
  });

  it('refuses script, event handlers, external references and foreign objects, each at its line', () => {
    const found = checkSvg(HOSTILE_SVG).map((f) => `${f.line} ${f.message.split(':')[0]}`);
    expect(found).toEqual([
      '2 <script>',
      '3 event handler onclick on <rect>',
      '4 <use> refers to "https',
      '5 <foreignObject>',
      '6 <style> loads @import',
      '6 <style> loads url(https',
    ]);
  });
  it('reads CSS escapes as a browser does: an escaped url(), @import or image-set() is refused too', () => {
    const svg = [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">',
      '<style>rect{background:\\75 rl(https://evil.example/a.png)}</style>',
      '<style>@\\69mport "https://evil.example/a.css";</style>',
      '<rect style="fill:\\69mage-set(&quot;https://evil.example/b.png&quot; 1x)"/>',
      '<style>rect{fill:url(#g)}text{font-family:"\\2014"}</style>',
      '</svg>',
    ].join('\n');
    expect(checkSvg(svg).map((f) => `${f.line} ${f.message.split(' loads ')[0]}`)).toEqual([
      '2 <style>',
      '3 <style>',
      '4 style attribute of <rect>',
    ]);
  });
});

describe('hostile files under content/', () => {
  const fixture = copyFixture('site-ok');
  const outside = mkdtempSync(join(tmpdir(), 'vd-outside-'));
  const content = (p: string) => join(fixture.root, 'content', p);
  let diagnostics: Diagnostic[] = [];
  const errorsOf = (file: string) =>
    diagnostics.filter((d) => d.file === file && d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.code}`);

  beforeAll(async () => {
    writeFileSync(join(outside, 'passwd'), SECRET);
    mkdirSync(join(outside, 'folder'));
    writeFileSync(join(outside, 'folder', 'keys.txt'), SECRET);
    // Links out of the repository, hidden files and folders; one file a site may publish (.well-known).
    symlinkSync(join(outside, 'passwd'), content('static/passwd.txt'));
    symlinkSync(join(outside, 'folder'), content('static/linked'));
    mkdirSync(content('static/.git'));
    writeFileSync(content('static/.git/config'), SECRET);
    writeFileSync(content('static/.env'), `TOKEN=${SECRET}`);
    mkdirSync(content('static/.well-known'));
    writeFileSync(content('static/.well-known/security.txt'), 'Contact: mailto:security@vitrina.example\n');
    writeFileSync(content('static/img/hostile.svg'), HOSTILE_SVG);
    writeFileSync(content('static/img/clean.svg'), CLEAN_SVG);
    // What would run on the site's origin, and what documentation publishes.
    mkdirSync(content('static/files'));
    writeFileSync(content('static/files/page.html'), '<!doctype html><script src="/files/evil.js"></script>');
    writeFileSync(content('static/files/evil.js'), 'alert(document.domain)');
    writeFileSync(content('static/evil-sw.js'), "self.addEventListener('fetch', () => {})");
    writeFileSync(content('static/sw.js'), "self.addEventListener('fetch', () => {})");
    writeFileSync(content('static/files/page.xhtml'), '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>');
    writeFileSync(content('static/files/feed.xml'), '<a:script xmlns:a="http://www.w3.org/1999/xhtml">alert(1)</a:script>');
    writeFileSync(content('static/files/photo.png'), '<!doctype html><script>alert(1)</script>');
    writeFileSync(content('static/files/data.json'), '<html><script>alert(1)</script></html>');
    writeFileSync(content('static/files/manual.pdf'), '%PDF-1.7\n%\u00e2\n1 0 obj\n');
    writeFileSync(content('static/files/prices.csv'), 'sku,price\n1,2\n');
    writeFileSync(content('static/files/export.zip'), Buffer.from('504b030414000000', 'hex'));
    writeFileSync(content('static/files/plain.xml'), '<?xml version="1.0"?><prices><p sku="1">2</p></prices>');
    // Pages: with a byte order mark, with bytes that are not UTF-8, and one that is a link.
    const support = (name: string) => content(`docs/support/${name}`);
    writeFileSync(support('bom.ru.md'), `\uFEFF${readFileSync(support('index.ru.md'), 'utf8')}`);
    writeFileSync(support('bom.en.md'), `\uFEFF${readFileSync(support('index.en.md'), 'utf8')}`);
    const latin1 = Buffer.from(readFileSync(support('index.ru.md'), 'utf8').replace('Эта страница', 'Эта страница Caf\u0000'));
    latin1[latin1.indexOf(0)] = 0xe9; // "Café" saved as Latin-1
    writeFileSync(support('latin1.ru.md'), latin1);
    writeFileSync(support('latin1.en.md'), readFileSync(support('index.en.md')));
    writeFileSync(join(outside, 'page.en.md'), readFileSync(support('index.en.md')));
    writeFileSync(support('linked.ru.md'), readFileSync(support('index.ru.md')));
    symlinkSync(join(outside, 'page.en.md'), support('linked.en.md'));
    diagnostics = (await runPipeline({ root: fixture.root, mode: 'validate', cache: false })).diagnostics;
  });
  afterAll(() => {
    fixture.cleanup();
    rmSync(outside, { recursive: true, force: true });
  });

  it('refuses links, hidden files and folders in content/static, with their paths', () => {
    expect(errorsOf('content/static/passwd.txt')).toEqual(['1:1 symlink']);
    expect(errorsOf('content/static/linked')).toEqual(['1:1 symlink']);
    expect(errorsOf('content/static/.git/config')).toEqual(['1:1 hidden-file']);
    expect(errorsOf('content/static/.env')).toEqual(['1:1 hidden-file']);
    expect(errorsOf('content/static/.well-known/security.txt')).toEqual([]);
    expect(diagnostics.find((d) => d.file === 'content/static/passwd.txt')?.message).toContain(join(outside, 'passwd'));
  });

  it('refuses HTML, XHTML, JavaScript, a service worker, XML with script and a type in disguise in content/static, each at its path', () => {
    for (const file of [
      'files/page.html',
      'files/evil.js',
      'evil-sw.js',
      'sw.js',
      'files/page.xhtml',
      'files/feed.xml',
      'files/photo.png',
      'files/data.json',
    ])
      expect(errorsOf(`content/static/${file}`), file).toEqual(['1:1 unsafe-static-file']);
    for (const file of ['files/manual.pdf', 'files/prices.csv', 'files/export.zip', 'files/plain.xml', 'img/shelf.svg'])
      expect(errorsOf(`content/static/${file}`), file).toEqual([]);
  });

  it('refuses an SVG with script at the lines of what it refuses, and accepts a clean one', () => {
    expect(errorsOf('content/static/img/hostile.svg')).toEqual(
      expect.arrayContaining(['2:9 unsafe-svg', expect.stringMatching(/^3:\d+ unsafe-svg$/), expect.stringMatching(/^5:\d+ unsafe-svg$/)]),
    );
    expect(errorsOf('content/static/img/clean.svg')).toEqual([]);
  });

  it('accepts a page with a byte order mark, names bytes that are not UTF-8, and says that a linked page is a link', () => {
    expect(errorsOf('content/docs/support/bom.ru.md')).toEqual([]);
    expect(errorsOf('content/docs/support/bom.en.md')).toEqual([]);
    expect(errorsOf('content/docs/support/latin1.ru.md')).toEqual(['5:17 invalid-utf8']);
    expect(diagnostics.find((d) => d.code === 'invalid-utf8')?.message).toContain('0xe9');
    expect(errorsOf('content/docs/support/linked.en.md')).toEqual(['1:1 symlink']);
    // Not a "missing translation": the file is there, it is a link.
    expect(errorsOf('content/docs/support/linked.ru.md')).toEqual([]);
  });

  it('build: exits 1 and publishes nothing (no link, no hidden file, no secret)', async () => {
    const r = await runCli(['-C', fixture.root, 'build', '--no-prerender']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('content/static/passwd.txt:1:1  error  symlink');
    expect(existsSync(join(fixture.root, 'dist'))).toBe(false);
  });
});
