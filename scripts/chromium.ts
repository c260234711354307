/**
 * How this project starts a browser: Debian's Chromium (apt-get install chromium), never a
 * downloaded one, with the flags a closed network and a root user need. Used by the browser
 * tests, the benchmark and the scripts.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
