/**
 * The content of doc pages drawn from their page JSON (PageBody: sanitiser, hast-util-to-jsx-runtime,
 * the reading components), one chunk, loaded on client navigation: the first page keeps its
 * prerendered content (see PrerenderedContent).
 */
export { DocContent } from './DocContent.tsx';
