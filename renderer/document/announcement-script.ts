/**
 * The inline script that hides the prerendered announcement bar before the first paint when the
 * reader dismissed it (localStorage, per announcement id) or its end has passed, so that a
 * dismissed bar never flashes or shifts the page. The bar's id and end are attributes of <html>
 * (written by the prerender), so the script is the same on every page and the
 * Content-Security-Policy allows it by its sha256 hash (INLINE_SCRIPT_HASHES).
 */
export const ANNOUNCEMENT_KEY_PREFIX = 'vitrina-announcement:';
export const ANNOUNCEMENT_HIDDEN_ATTR = 'data-announcement-hidden';

export const ANNOUNCEMENT_SCRIPT = `(function(){var h=document.documentElement,a=h.getAttribute('data-announcement'),e=h.getAttribute('data-announcement-expires');if(!a)return;try{if((e&&Date.now()>=Date.parse(e))||localStorage.getItem('${ANNOUNCEMENT_KEY_PREFIX}'+a)==='dismissed')h.setAttribute('${ANNOUNCEMENT_HIDDEN_ATTR}','')}catch(x){}})()`;
