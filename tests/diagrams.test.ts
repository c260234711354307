/**
 * The diagrams under content/static/img read well wherever the site shows them: labels of
 * 11 px or more on a 360 px phone (through the narrow variant when there is one) and in the
 * narrowest desktop column, a dark variant (`#dark`), and a translation of each localised one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const IMG = join(import.meta.dirname, '..', 'content', 'static', 'img');
/** Width of the content column: a 360 px phone, and a desktop beside the sidebar (960 px). */
const PHONE_COLUMN = 324;
const DESKTOP_COLUMN = 608;
const MIN_LABEL = 11;

interface Drawing {
  width: number;
  smallestFont: number;
  dark: boolean;
}

function read(file: string): Drawing {
  const svg = readFileSync(file, 'utf8');
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/viewBox="[\d.]+ [\d.]+ ([\d.]+)/.exec(root)?.[1] ?? /\swidth="([\d.]+)"/.exec(root)?.[1]);
  const sizes = [...svg.matchAll(/font-size(?:="|:\s*)([\d.]+)/g)].map((m) => Number(m[1]));
  return { width, smallestFont: Math.min(...sizes), dark: /<style>[^<]*#dark:target/.test(svg) };
}

/** The rendered size of the smallest label when the drawing is shown in a column (never enlarged). */
const label = (d: Drawing, column: number) => Math.round(((d.smallestFont * Math.min(column, d.width)) / d.width) * 10) / 10;

const diagrams = readdirSync(IMG, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.svg') && !f.endsWith('.narrow.svg'))
  .sort();

describe('diagrams', () => {
  it('are there', () => {
    expect(diagrams.length).toBeGreaterThanOrEqual(10);
  });

  for (const name of diagrams) {
    it(`${name} is legible on a phone and a desktop, in light and dark`, () => {
      const wide = read(join(IMG, name));
      const narrowFile = join(IMG, name.replace(/\.svg$/, '.narrow.svg'));
      const narrow = existsSync(narrowFile) ? read(narrowFile) : null;
      expect(label(wide, DESKTOP_COLUMN), 'labels in a desktop column (px)').toBeGreaterThanOrEqual(MIN_LABEL);
      expect(label(narrow ?? wide, PHONE_COLUMN), 'labels on a 360 px phone (px)').toBeGreaterThanOrEqual(MIN_LABEL);
      expect(wide.dark, 'a dark variant').toBe(true);
      if (narrow) expect(narrow.dark, 'a dark narrow variant').toBe(true);
      const other = name.replace(/\.(ru|en)\.svg$/, (_, l: string) => `.${l === 'ru' ? 'en' : 'ru'}.svg`);
      if (other !== name) expect(existsSync(join(IMG, other)), `its translation ${other}`).toBe(true);
    });
  }
});
