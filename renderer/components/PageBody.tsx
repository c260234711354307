/**
 * Draws a page body (hast JSON): sanitised first, then turned into React elements with a
 * component map — internal links follow the client router, headings get anchor links,
 * code blocks a copy button, admonitions their default title, tables a scroll container.
 */
import { useRef } from 'react';
import type { HastElement, HastRoot, UiStrings } from '@vitrina-docs/schemas';
import { hastToReact, type HastComponentProps, type HastComponents } from '../hast/hast-to-react.ts';
import { sanitizeHast } from '../hast/sanitize.ts';
import { CopyButton } from './CopyButton.tsx';
import { Link } from './Link.tsx';
import { useOptionalUi } from './ui-context.ts';

type Strings = Pick<UiStrings, 'code' | 'admonition'>;

/** Used when no UiContext is given (an embedding app that passes only a body). */
const FALLBACK: Strings = {
  code: { copy: 'Copy', copied: 'Copied' },
  admonition: { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' },
};

const classesOf = (node: HastElement): string[] => {
  const c = node.properties.className;
  return Array.isArray(c) ? c.map(String) : [];
};

function Anchor({ node: _node, href, children, ...rest }: HastComponentProps) {
  // No href (an unsafe one was dropped): text, not a link to this very page.
  if (typeof href !== 'string') return <a {...rest}>{children}</a>;
  return (
    <Link href={href} prefetch="visible" {...rest}>
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

function Table({ node: _node, children, ...rest }: HastComponentProps) {
  return (
    <div className="table-scroll" tabIndex={0}>
      <table {...rest}>{children}</table>
    </div>
  );
}

function bodyComponents(strings: Strings): HastComponents {
  return {
    a: Anchor,
    h2: heading('h2'),
    h3: heading('h3'),
    table: Table,
    figure: function Figure({ node, children, ...rest }) {
      const ref = useRef<HTMLElement>(null);
      if (!classesOf(node).includes('code-block')) return <figure {...rest}>{children}</figure>;
      return (
        <figure ref={ref} {...rest}>
          {children}
          <CopyButton
            className="code-copy"
            label={strings.code.copy}
            done={strings.code.copied}
            text={() => ref.current?.querySelector('pre')?.textContent ?? ''}
          />
        </figure>
      );
    },
    aside: function Admonition({ node, children, ...rest }) {
      const classes = classesOf(node);
      const type = classes.find((c) => c.startsWith('admonition-'))?.slice('admonition-'.length) as keyof Strings['admonition'] | undefined;
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

const cache = new WeakMap<Strings, HastComponents>();

export interface PageBodyProps {
  /** The page body: `page.body` of a page JSON (hast root). Sanitised before drawing. */
  body: HastRoot;
  /** The first `skip` children are not drawn (the API page draws its lead above the tables). */
  skip?: number;
  /** Draw only the first `take` children. */
  take?: number;
}

export function PageBody({ body, skip = 0, take }: PageBodyProps) {
  const strings = useOptionalUi() ?? FALLBACK;
  let components = cache.get(strings);
  if (!components) cache.set(strings, (components = bodyComponents(strings)));
  const safe = sanitizeHast(body);
  const children = safe.children.slice(skip, take === undefined ? undefined : skip + take);
  return <>{hastToReact({ type: 'root', children }, components)}</>;
}
