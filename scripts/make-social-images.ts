// Draws the Open Graph images (1200×630 JPEG) of the home page and of each section, in each
// locale, from content/site.yaml and content/i18n, with Debian's Chromium. Run it after changing
// a section's name or the home page's promise: `npx tsx scripts/make-social-images.ts`.
// Output: content/static/og/<locale>-<section>.jpg (section "home" for the default image).
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import YAML from 'yaml';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';
import type { SiteConfig, UiStrings } from '@vitrina-docs/schemas';

const site = YAML.parse(readFileSync('content/site.yaml', 'utf8')) as SiteConfig;
const esc = (s: unknown) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function card({ eyebrow, title, text }: { eyebrow: string; title: string; text: string }): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  *{box-sizing:border-box;margin:0}
  body{width:1200px;height:630px;font-family:'DejaVu Sans','Liberation Sans',Arial,sans-serif;background:#0f1b3d;color:#fff;
    display:flex;flex-direction:column;justify-content:space-between;padding:72px 80px;
    background-image:radial-gradient(circle at 85% 20%,#2f5bd3 0,transparent 45%),linear-gradient(135deg,#0f1b3d,#15296b)}
  .brand{display:flex;align-items:center;gap:20px;font-size:40px;font-weight:700}
  .mark{width:64px;height:64px;border-radius:14px;background:#2f5bd3;display:grid;place-items:center}
  .eyebrow{font-size:30px;color:#a9c1ff;margin-bottom:18px}
  h1{font-size:76px;line-height:1.08;font-weight:700;max-width:1000px}
  p{font-size:32px;line-height:1.35;color:#dbe5ff;max-width:1000px;margin-top:22px}
  .url{font-size:26px;color:#a9c1ff}
</style></head><body>
  <div class="brand"><div class="mark"><svg width="40" height="40" viewBox="0 0 32 32"><path d="M7 9l9 16 9-16" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg></div>${esc(site.name)}</div>
  <div><div class="eyebrow">${esc(eyebrow)}</div><h1>${esc(title)}</h1><p>${esc(text)}</p></div>
  <div class="url">${esc(site.url.replace('https://', ''))}</div>
</body></html>`;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
for (const { code } of site.locales) {
  const ui = YAML.parse(readFileSync(`content/i18n/${code}.yaml`, 'utf8')) as UiStrings;
  const cards: [string, { eyebrow: string; title: string; text: string }][] = [
    ['home', { eyebrow: ui.home.title, title: ui.home.promise, text: ui.home.lead }],
  ];
  for (const s of site.sidebars)
    cards.push([s.id, { eyebrow: ui.home.title, title: ui.home.cards[s.id].title, text: ui.home.cards[s.id].text }]);
  for (const [name, c] of cards) {
    await page.setContent(card(c));
    await page.screenshot({ path: `content/static/og/${code}-${name}.jpg`, type: 'jpeg', quality: 85 });
    console.log(`content/static/og/${code}-${name}.jpg`);
  }
}
await browser.close();
