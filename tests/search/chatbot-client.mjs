// The fallback for a chatbot that keeps stock elasticlunr: the stock index JSON and its documents,
// with the pipeline functions registered from @vitrina-docs/search (no project code).
// Usage: node chatbot-client.mjs <index.json> <docs.json> "<query>"
import { readFileSync } from 'node:fs';
import elasticlunr from 'elasticlunr';
import { registerElasticlunrPipeline } from '@vitrina-docs/search';

const [indexFile, docsFile, query] = process.argv.slice(2);
registerElasticlunrPipeline(elasticlunr); // the functions the index names: vd-trimmer, vd-stop-ru, vd-stem-ru, …
const index = elasticlunr.Index.load(JSON.parse(readFileSync(indexFile, 'utf8')));
const docs = JSON.parse(readFileSync(docsFile, 'utf8')).docs; // a hit's ref is its position
const hits = index
  .search(query, { fields: { title: { boost: 4 }, heading: { boost: 2 }, text: { boost: 1 } }, bool: 'OR', expand: true })
  .slice(0, 5)
  .map(({ ref, score }) => ({ ...docs[Number(ref)], score }));
console.log(JSON.stringify(hits, null, 2));
