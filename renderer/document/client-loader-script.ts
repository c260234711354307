/**
 * The inline script that loads the client (hydration, client-side navigation) once the page has
 * been painted: on a slow mobile network the ~90 KB of JavaScript would otherwise share the
 * connection with the HTML the first paint waits for. The page is whole without it (it is
 * prerendered, its links are plain links); it starts two frames after the first contentful
 * paint, or a second after `load` where the browser reports no paint timing. The script's URL is
 * its tag's `data-src`, so that the script itself never changes and the Content-Security-Policy
 * allows it by its sha256 hash (INLINE_SCRIPT_HASHES).
 */
export const CLIENT_LOADER_SCRIPT = `(function(){var s=document.currentScript.getAttribute('data-src'),d=0;function go(){if(d)return;d=1;var e=document.createElement('script');e.type='module';e.src=s;document.head.appendChild(e)}function later(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)later()}).observe({type:'paint',buffered:true})}catch(e){}addEventListener('load',function(){setTimeout(go,1000)})})()`;
