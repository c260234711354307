/**
 * Draws a page body (hast JSON): sanitised first, then turned into React elements through
 * hast-util-to-jsx-runtime with a component map — internal links follow the router (the site's, or the
 * embedding app's), headings get anchor links, code blocks a copy button, admonitions their
 * default title, tables a scroll container, images the site's address.
 *
 * On the site and inside a DocPage it draws into the page around it. Alone in another app it
 * draws its own scoped root (`.vd-root`, the colour mode, link handling), so that importing
 * `styles/content.css` and rendering it is enough.
 */
import { Children, useMemo, useRef, type ReactNode } from 'react';
import type { HastElement, HastRoot, LocaleCode, UiStrings } from '@vitrina-docs/schemas';
import { drawHast, type HastComponentProps, type HastComponents } from '../hast/draw-hast.ts';
import { isSafeUrl, sanitizeHast } from '../hast/sanitize.ts';
import { useLinkHandling } from '../hooks/useLinkHandling.ts';
import { CopyButton } from './CopyButton.tsx';
import { assetUrl, EmbedContext, useEmbed, type ColourMode, type EmbedOptions } from './embed-context.ts';
import { isRouteHref, Link } from './Link.tsx';
import { READING_COMPONENTS } from './reading-components.ts';
import { useOptionalUi } from './ui-context.ts';

/** The UI strings a body needs. */
export type BodyStrings = Pick<UiStrings, 'code' | 'admonition'>;

/** Used when no UI strings are given (an embedding app that passes only a body). */
export const BODY_STRINGS: Record<LocaleCode, BodyStrings> = {
  ru: {
    code: { copy: 'Копировать', copied: 'Скопировано' },
    admonition: { note: 'Примечание', tip: 'Совет', info: 'Информация', warning: 'Внимание', danger: 'Опасно' },
  },
  en: {
    code: { copy: 'Copy', copied: 'Copied' },
    admonition: { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' },
  },
};

const classesOf = (node: HastElement): string[] => {
  const c = node.properties.className;
  return Array.isArray(c) ? c.map(String) : [];
};

function Anchor({ node: _node, href, children, ...rest }: HastComponentProps) {
  const embed = useEmbed();
  // No href (an unsafe one was dropped): text, not a link to this very page.
  if (typeof href !== 'string') return <a {...rest}>{children}</a>;
  let to = href;
  if (embed && href.startsWith('/') && !href.startsWith('//')) {
    to = isRouteHref(href) ? (embed.resolveHref?.(href) ?? href) : assetUrl(href, embed);
    if (!isSafeUrl(to)) return <a {...rest}>{children}</a>;
  }
  return (
    <Link href={to} prefetch={isRouteHref(to) ? 'visible' : undefined} {...rest}>
      {children}
    </Link>
  );
}

function heading(Tag: 'h2' | 'h3') {
  return function Heading({ node: _node, id, children, ...rest }: HastComponentProps) {
    return (
      <Tag id={id as string | undefined} {...rest}>
        {children}
        {typeof id === 'string' && (
          <a className="heading-anchor" href={`#${id}`} aria-hidden="true" tabIndex={-1}>
            #
          </a>
        )}
      </Tag>
    );
  };
}

function bodyComponents(strings: BodyStrings): HastComponents {
  return {
    a: Anchor,
    h2: heading('h2'),
    h3: heading('h3'),
    ...READING_COMPONENTS,
    figure: function Figure({ node, children, ...rest }) {
      const ref = useRef<HTMLElement>(null);
      if (!classesOf(node).includes('code-block')) return <figure {...rest}>{children}</figure>;
      // A header bar over every block holds its title (or its language) and the copy button,
      // so that the button never covers the code.
      const drawn = Children.toArray(children);
      const first = node.children[0];
      const titled = first?.type === 'element' && first.tagName === 'figcaption';
      const language = typeof node.properties.dataLanguage === 'string' ? node.properties.dataLanguage : '';
      return (
        <figure ref={ref} {...rest}>
          <div className="code-header">
            {titled ? drawn[0] : <span className="code-language">{language}</span>}
            <CopyButton
              className="code-copy"
              label={strings.code.copy}
              done={strings.code.copied}
              text={() => ref.current?.querySelector('pre')?.textContent ?? ''}
            />
          </div>
          {titled ? drawn.slice(1) : drawn}
        </figure>
      );
    },
    aside: function Admonition({ node, children, ...rest }) {
      const classes = classesOf(node);
      const type = classes.find((c) => c.startsWith('admonition-'))?.slice('admonition-'.length) as
        keyof BodyStrings['admonition'] | undefined;
      const first = node.children[0];
      const titled = first?.type === 'element' && classesOf(first).includes('admonition-title');
      // A div with role=note: an <aside> inside <main> would be a misplaced landmark.
      return (
        <div role="note" {...rest}>
          {!titled && type && strings.admonition[type] && <p className="admonition-title">{strings.admonition[type]}</p>}
          {children}
        </div>
      );
    },
  };
}

/** The component map for some strings and overrides, made once per pair (a stable map per page body). */
const maps = new WeakMap<BodyStrings, WeakMap<HastComponents, HastComponents>>();
const NO_OVERRIDES: HastComponents = {};

function componentsFor(strings: BodyStrings, overrides: HastComponents = NO_OVERRIDES): HastComponents {
  let byOverrides = maps.get(strings);
  if (!byOverrides) maps.set(strings, (byOverrides = new WeakMap()));
  let map = byOverrides.get(overrides);
  if (!map) byOverrides.set(overrides, (map = { ...bodyComponents(strings), ...overrides }));
  return map;
}

export interface PageBodyProps extends EmbedOptions {
  /** The page body: `page.body` of a page JSON (hast root). Sanitised before drawing. */
  body: HastRoot;
  /** The first `skip` children are not drawn (the API page draws its lead above the tables). */
  skip?: number;
  /** Draw only the first `take` children. */
  take?: number;
  /** Light or dark; by default the body follows `data-theme` of an ancestor (light without one). */
  colourMode?: ColourMode;
  /** Locale of the built-in UI strings (copy button, admonition titles); default: the page's surroundings, else English. */
  locale?: LocaleCode;
  /** UI strings to use instead of the built-in ones: `manifest.locales[locale].ui`. */
  ui?: BodyStrings;
}

/** The scoped root of a page drawn in another app: styles, colour mode, language, link handling. */
export function EmbedRoot(props: { className: string; colourMode?: ColourMode; lang?: string; embed: EmbedOptions; children: ReactNode }) {
  const { onNavigate } = props.embed;
  const handler = useMemo(() => (onNavigate ? { navigate: onNavigate, prefetch: () => {}, anchorsNative: true } : null), [onNavigate]);
  const linkHandling = useLinkHandling(handler);
  return (
    <EmbedContext value={props.embed}>
      <div className={`vd-root ${props.className}`} data-theme={props.colourMode} lang={props.lang} {...linkHandling}>
        {props.children}
      </div>
    </EmbedContext>
  );
}

export function PageBody({ body, skip = 0, take, colourMode, locale, ui, ...options }: PageBodyProps) {
  const surrounding = useOptionalUi();
  const inherited = useEmbed();
  const strings = ui ?? (locale ? BODY_STRINGS[locale] : null) ?? surrounding ?? BODY_STRINGS.en;
  const own = options.components || options.resolveHref || options.assetBase || options.onNavigate;
  const embed = useMemo<EmbedOptions>(
    () => ({ ...inherited, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the options are its four props
    [inherited, options.components, options.resolveHref, options.assetBase, options.onNavigate],
  );
  const safe = sanitizeHast(body);
  const children = safe.children.slice(skip, take === undefined ? undefined : skip + take);
  const tree = drawHast({ type: 'root', children }, componentsFor(strings, embed.components));
  // On the site or inside a DocPage: the page around it is the root.
  if (surrounding) return own ? <EmbedContext value={embed}>{tree}</EmbedContext> : <>{tree}</>;
  return (
    <EmbedRoot className="vd-page-body" colourMode={colourMode} lang={locale} embed={embed}>
      {tree}
    </EmbedRoot>
  );
}
