/**
 * The inline script that sets `<html data-theme>` before the first paint (no flash of the
 * wrong colour mode), and makes the colour-mode switch work before the app has hydrated: a click
 * on it then goes to the next mode (light → dark → system, as ColourModeSwitch), kept and applied
 * here, and the app reads it when it starts. The Content-Security-Policy allows the script by its
 * sha256 hash, which the prerender entry exports as INLINE_SCRIPT_HASHES.
 */
export const COLOUR_MODE_KEY = 'vitrina-colour-mode';

export const COLOUR_MODE_SCRIPT = `(function(){var h=document.documentElement,k='${COLOUR_MODE_KEY}';function a(m){h.dataset.theme=m==='dark'||(m!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light'}try{a(localStorage.getItem(k))}catch(e){h.dataset.theme='light'}document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('.colour-mode');if(!b||h.dataset.hydrated)return;e.stopPropagation();var m=null;try{m=localStorage.getItem(k)}catch(x){}var n=m==='light'?'dark':m==='dark'?null:'light';try{n?localStorage.setItem(k,n):localStorage.removeItem(k)}catch(x){}a(n)},true)})()`;
