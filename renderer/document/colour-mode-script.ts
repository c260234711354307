/**
 * The inline script that sets `<html data-theme>` before the first paint (no flash of the
 * wrong colour mode). The Content-Security-Policy allows it by its sha256 hash, which the
 * prerender entry exports as INLINE_SCRIPT_HASHES.
 */
export const COLOUR_MODE_KEY = 'vitrina-colour-mode';

export const COLOUR_MODE_SCRIPT = `(function(){try{var m=localStorage.getItem('${COLOUR_MODE_KEY}');var d=m==='dark'||(m!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.dataset.theme=d?'dark':'light'}catch(e){document.documentElement.dataset.theme='light'}})()`;
