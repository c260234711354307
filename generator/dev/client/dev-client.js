// The dev client of `vitrina-docs dev`, added to every HTML page the dev server sends.
// It listens to the server's events: when the page's data changes it offers the update to
// the app (a `vitrina:dev-update` event) and reloads, keeping the scroll position, when
// nobody takes it within 100 ms; diagnostics of the page show in a panel that the writer
// can dismiss, while the last good version of the page stays on screen. Plain DOM, text only.
(function () {
  'use strict';
  var SCROLL_KEY = 'vitrina:dev-scroll';
  var PANEL_ID = 'vitrina-dev-diagnostics';
  var session = null;
  var state = { diagnostics: { byPath: {}, site: [] } };
  var dismissed = null;
  // The position a reload asked for, until the page has loaded and taken it: a reload asked for
  // meanwhile (a second change event) keeps it rather than the top the page still shows.
  var restoring = null;

  function here() {
    var p = location.pathname.replace(/\/index(\.html)?$/, '/').replace(/\/+$/, '');
    return p === '' ? '/' : p;
  }

  function restoreScroll() {
    var saved = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) || 'null');
      sessionStorage.removeItem(SCROLL_KEY);
    } catch {
      // storage off: no scroll to restore
    }
    if (!saved || saved.path !== location.pathname + location.search) return;
    restoring = saved;
    var apply = function () {
      window.scrollTo(saved.x, saved.y);
    };
    var settle = function () {
      apply();
      requestAnimationFrame(function () {
        apply();
        restoring = null;
      });
    };
    apply();
    requestAnimationFrame(apply);
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle);
  }

  function reloadKeepingScroll() {
    var at = restoring || { x: window.scrollX, y: window.scrollY };
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: location.pathname + location.search, x: at.x, y: at.y }));
    } catch {
      // storage off: the reload starts at the top
    }
    location.reload();
  }

  function diagnosticsHere() {
    var d = state.diagnostics;
    return (d.site || []).concat(d.byPath[here()] || []);
  }

  function el(tag, style, text) {
    var node = document.createElement(tag);
    // Through the CSS object model: the CSP (as in production) refuses style attributes.
    if (style) node.style.cssText = style;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function renderPanel() {
    var old = document.getElementById(PANEL_ID);
    var items = diagnosticsHere();
    var signature =
      here() +
      '\n' +
      items
        .map(function (d) {
          return [d.file, d.line, d.column, d.code, d.message].join(':');
        })
        .join('\n');
    if (!items.length || signature === dismissed) {
      if (old) old.remove();
      return;
    }
    var errors = items.filter(function (d) {
      return d.severity === 'error';
    }).length;
    var panel = el(
      'section',
      'position:fixed;z-index:2147483647;right:12px;bottom:12px;max-width:min(760px,calc(100vw - 24px));max-height:45vh;overflow:auto;background:#1d1f24;color:#f3f3f3;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;border-left:4px solid ' +
        (errors ? '#e5484d' : '#f0b429') +
        ';border-radius:6px;box-shadow:0 8px 30px rgba(0,0,0,.35);padding:10px 14px',
    );
    panel.id = PANEL_ID;
    panel.setAttribute('role', 'alert');
    var head = el('div', 'display:flex;gap:12px;align-items:flex-start;justify-content:space-between;margin-bottom:6px');
    var warnings = items.length - errors;
    var title =
      'vitrina-docs: ' + errors + ' error' + (errors === 1 ? '' : 's') + ', ' + warnings + ' warning' + (warnings === 1 ? '' : 's');
    if (errors) title += ' (the last good version of the page is shown)';
    head.appendChild(el('strong', '', title));
    var close = el(
      'button',
      'background:none;border:0;color:inherit;font:inherit;font-size:18px;line-height:1;cursor:pointer;padding:0 2px',
      '×',
    );
    close.type = 'button';
    close.setAttribute('aria-label', 'Dismiss');
    close.addEventListener('click', function () {
      dismissed = signature;
      panel.remove();
    });
    head.appendChild(close);
    panel.appendChild(head);
    items.forEach(function (d) {
      var row = el('div', 'white-space:pre-wrap;word-break:break-word;margin:2px 0');
      row.appendChild(el('span', 'color:' + (d.severity === 'error' ? '#ff8589' : '#f5c451'), d.severity + ' '));
      row.appendChild(el('span', 'color:#9aa4b2', d.file + ':' + d.line + ':' + d.column + ' ' + d.code + ' '));
      row.appendChild(document.createTextNode(d.message));
      panel.appendChild(row);
    });
    if (old) old.replaceWith(panel);
    else document.body.appendChild(panel);
  }

  function offerUpdate(msg) {
    var path = here();
    var detail = {
      version: msg.version,
      path: path,
      paths: msg.changed,
      manifestChanged: msg.manifestChanged,
      dataUrl: msg.dataUrls[path] || null,
      handled: false,
      accept: function () {
        detail.handled = true;
      },
    };
    // The plain preview page (renderer not built) has no app to take the update.
    if (document.querySelector('meta[name="vitrina-dev-fallback"]')) return reloadKeepingScroll();
    var event = new CustomEvent('vitrina:dev-update', { detail: detail, cancelable: true });
    if (!window.dispatchEvent(event)) detail.handled = true;
    if (detail.handled) return;
    setTimeout(function () {
      if (!detail.handled) reloadKeepingScroll();
    }, 100);
  }

  function onMessage(msg) {
    if (session && msg.session !== session) return reloadKeepingScroll();
    session = msg.session;
    state = msg;
    renderPanel();
    if (msg.type === 'update' && (msg.manifestChanged || msg.changed.indexOf(here()) >= 0)) offerUpdate(msg);
  }

  function connect() {
    var source = new EventSource('/__vitrina/events');
    source.addEventListener('state', function (e) {
      onMessage(JSON.parse(e.data));
    });
  }

  // Client-side navigation changes the page without a load: show that page's diagnostics.
  ['pushState', 'replaceState'].forEach(function (name) {
    var original = history[name];
    history[name] = function () {
      var r = original.apply(this, arguments);
      setTimeout(renderPanel, 0);
      return r;
    };
  });
  window.addEventListener('popstate', function () {
    setTimeout(renderPanel, 0);
  });

  restoreScroll();
  connect();
})();
