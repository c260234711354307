/** The blog's views, one chunk. */
export { BlogArchiveView } from './BlogArchiveView.tsx';
export { BlogIndexView } from './BlogIndexView.tsx';
export { BlogPostView } from './BlogPostView.tsx';
