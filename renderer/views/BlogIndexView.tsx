import { useBlogPosts, useSite } from '../app/site-context.ts';
import { Link } from '../components/Link.tsx';
import { safeUrl } from '../hast/safe-url.ts';
import { useUi } from '../components/ui-context.ts';
import { withLocale } from '@vitrina-docs/schemas/paths';
import { PostMeta } from './PostMeta.tsx';

export function BlogIndexView() {
  const ui = useUi();
  const { state, data } = useSite();
  const posts = useBlogPosts();
  return (
    <div className="blog">
      <header className="blog-header">
        <h1>{ui.blog.title}</h1>
        <p className="blog-lead">{ui.blog.description}</p>
        <p className="blog-links">
          <Link href={withLocale('/blog/archive', state.locale)}>{ui.blog.archive}</Link>
          {data.feeds && (
            <span>
              {ui.blog.feeds}: <a href={safeUrl(data.feeds.rss) ?? undefined}>RSS</a> ·{' '}
              <a href={safeUrl(data.feeds.atom) ?? undefined}>Atom</a>
            </span>
          )}
        </p>
      </header>
      {posts.map((post) => (
        <article key={post.path} className="post-summary">
          <h2>
            <Link href={post.path} prefetch="visible">
              {post.title}
            </Link>
          </h2>
          <PostMeta date={post.date} authors={post.authors} />
          <p>{post.description}</p>
          <Link href={post.path} className="more-link" aria-label={`${ui.blog.readMore}: ${post.title}`}>
            {ui.blog.readMore} →
          </Link>
        </article>
      ))}
    </div>
  );
}
