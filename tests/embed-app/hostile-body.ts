/** A page body (hast) written to attack the renderer: every line must come out harmless. */
import type { HastElement, HastNode, HastRoot } from '@vitrina-docs/schemas';

const el = (tagName: string, properties: Record<string, unknown>, children: HastNode[] = []): HastElement =>
  ({ type: 'element', tagName, properties, children }) as HastElement;
const text = (value: string): HastNode => ({ type: 'text', value });

export const PWNED = '__vdPwned';
const js = `window.${PWNED}=(window.${PWNED}||0)+1`;

export const HOSTILE_BODY = {
  type: 'root',
  children: [
    el('p', { id: 'hostile-marker' }, [text('hostile body')]),
    el('script', {}, [text(js)]),
    el('p', {}, [el('a', { href: `javascript:${js}` }, [text('js link')])]),
    el('p', {}, [el('a', { href: ` JaVa\tScRiPt:${js}` }, [text('obfuscated js link')])]),
    el('p', {}, [el('a', { href: `vbscript:msgbox(1)` }, [text('vbscript link')])]),
    el('p', {}, [el('a', { href: `data:text/html,<script>${js}</script>` }, [text('data link')])]),
    el('p', {}, [
      el('a', { href: 'https://example.org/', onClick: js, onclick: js, style: 'position:fixed;inset:0' }, [text('handler link')]),
    ]),
    el('img', { src: 'x', onError: js, onerror: js, alt: 'broken' }),
    el('img', { src: `javascript:${js}`, alt: 'js image' }),
    el('iframe', { src: `javascript:${js}` }),
    el('object', { data: 'evil.swf' }),
    el('embed', { src: 'evil.swf' }),
    el('form', { action: `javascript:${js}` }, [el('button', {}, [text('submit')])]),
    el('svg', { onLoad: js }, [el('script', {}, [text(js)])]),
    el('math', {}, [el('mtext', {}, [text('math')])]),
    el('style', {}, [text('body{display:none}')]),
    el('link', { rel: 'stylesheet', href: 'https://evil.example/x.css' }),
    el('meta', { httpEquiv: 'refresh', content: '0;url=https://evil.example/' }),
    el('base', { href: 'https://evil.example/' }),
    el('div', { id: '__VITRINA_PAGE__', className: ['navbar', 'admonition'], style: 'display:none' }, [text('clobber')]),
    el('p', { dangerouslySetInnerHTML: { __html: `<img src=x onerror="${js}">` } } as Record<string, unknown>, [text('inner html')]),
    el('input', { type: 'text', value: 'typed', onFocus: js }),
    el('h2', { id: 'vd-main' }, [text('reserved id')]),
    { type: 'raw', value: `<img src=x onerror="${js}">` } as unknown as HastNode,
    { type: 'comment', value: 'comment' } as unknown as HastNode,
    el('p', {}, [el('a', { href: '/docs/mobile' }, [text('safe internal link')])]),
  ],
} as unknown as HastRoot;
