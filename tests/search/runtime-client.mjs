// A chatbot's search: the @vitrina-docs/search runtime over a published site (a URL) or a built
// one (a folder), ranking as the site does. Usage: node search.mjs <site> "<query>" [version]
import { openSearch } from '@vitrina-docs/search';
import { folderSource } from '@vitrina-docs/search/node';

const [site, query, version] = process.argv.slice(2);
const search = await openSearch({ site: /^https?:\/\//.test(site) ? site : folderSource(site) });
// The locale follows the query's script (or pass { locale: 'en' }); IC3 and API v1.5 come first
// unless the query or { version: 'ic2' } names the old version.
const hits = await search.search(query, { limit: 3, version });
console.log(
  JSON.stringify(
    hits.map(({ url, title, heading, version, current, text }) => ({ url, title, heading, version, current, text })),
    null,
    2,
  ),
);
