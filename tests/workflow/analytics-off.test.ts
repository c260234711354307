import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manifest } from '@vitrina-docs/schemas';
import { DevSite } from '../../generator/dev/dev-site.ts';
import { startStaticServer } from '../../generator/serve/static-server.ts';
import { copyFixture } from '../helpers/project.ts';

const METRICA = { provider: 'yandex-metrica', id: '90412377' };

/** Writers' previews are not readers' visits: no page views from `dev` or `preview` unless asked for. */
describe('analytics in the local previews', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'vd-preview-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('preview serves the manifest with analytics off, leaves the built file as it is, and keeps them with --analytics', async () => {
    const built = JSON.stringify({ site: { name: 'Vitrina', analytics: METRICA }, routes: [] });
    writeFileSync(join(dir, 'manifest.json'), built);
    for (const [analytics, expected] of [
      [false, { provider: 'none' }],
      [true, METRICA],
    ] as const) {
      const server = await startStaticServer({ dir, port: 0, analytics });
      try {
        const res = await fetch(`${server.url}/manifest.json`);
        expect(res.headers.get('content-type')).toContain('application/json');
        const manifest = (await res.json()) as Manifest;
        expect(manifest.site.analytics).toEqual(expected);
        expect(manifest.site.name).toBe('Vitrina');
      } finally {
        await server.close();
      }
    }
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(built);
  });

  it('dev builds its manifest with analytics off, unless asked for', async () => {
    const site = copyFixture('site-ok');
    try {
      const off = new DevSite(site.root);
      await off.start();
      expect(off.manifest?.site.analytics).toEqual({ provider: 'none' });
      const on = new DevSite(site.root, { analytics: true });
      await on.start();
      expect(on.manifest?.site.analytics).toEqual(METRICA);
    } finally {
      site.cleanup();
    }
  });
});
