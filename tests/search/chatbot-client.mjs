// A chatbot's view of the search shards: stock elasticlunr and the stemmers, no project code.
// Usage: node chatbot-client.mjs <index.json> <docs.json> <ru|en> "<query>"
// (The README shows the same steps.)
import { readFileSync } from 'node:fs';
import { stemmer as stemEnglish } from '@orama/stemmers/english';
import { stemmer as stemRussian } from '@orama/stemmers/russian';
import elasticlunr from 'elasticlunr';
import { eng, rus } from 'stopword';

const [indexFile, docsFile, locale, query] = process.argv.slice(2);

// The pipeline functions the shards name, registered under the same names.
const trim = (t) =>
  t
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || undefined;
const stopRu = new Set([...rus, ...eng].map(trim));
const stopEn = new Set(eng.map(trim));
const stem = (t, lang) => (lang === 'ru' && /[\u0400-\u04ff]/.test(t) ? stemRussian(t) : /^[a-z]+$/.test(t) ? stemEnglish(t) : t);
elasticlunr.Pipeline.registerFunction(trim, 'vd-trimmer');
elasticlunr.Pipeline.registerFunction((t) => (stopRu.has(t) ? undefined : t), 'vd-stop-ru');
elasticlunr.Pipeline.registerFunction((t) => (stopEn.has(t) ? undefined : t), 'vd-stop-en');
elasticlunr.Pipeline.registerFunction((t) => stem(t, 'ru'), 'vd-stem-ru');
elasticlunr.Pipeline.registerFunction((t) => stem(t, 'en'), 'vd-stem-en');

const index = elasticlunr.Index.load(JSON.parse(readFileSync(indexFile, 'utf8')));
const docs = JSON.parse(readFileSync(docsFile, 'utf8')).docs;
const hits = index
  .search(query, { fields: { title: { boost: 4 }, heading: { boost: 2 }, text: { boost: 1 } }, bool: 'OR', expand: true })
  .slice(0, 5)
  .map(({ ref, score }) => ({
    url: docs[Number(ref)].url,
    title: docs[Number(ref)].title,
    heading: docs[Number(ref)].heading,
    text: docs[Number(ref)].text,
    score,
  }));
console.log(JSON.stringify(hits, null, 2));
void locale;
