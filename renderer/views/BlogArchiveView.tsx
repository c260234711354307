import { useBlogPosts } from '../app/site-context.ts';
import { Link } from '../components/Link.tsx';
import { useUi } from '../components/ui-context.ts';
import { formatDate, yearOf } from '../shared/format.ts';

/** Every post, grouped by year, newest first. */
export function BlogArchiveView() {
  const ui = useUi();
  const posts = useBlogPosts();
  const years = new Map<string, typeof posts>();
  for (const post of posts) {
    const year = yearOf(post.date);
    years.set(year, [...(years.get(year) ?? []), post]);
  }
  return (
    <div className="blog">
      <header className="blog-header">
        <h1>{ui.blog.archive}</h1>
        <p className="blog-lead">{ui.blog.archiveDescription}</p>
      </header>
      {[...years].map(([year, posts]) => (
        <section key={year} className="archive-year" aria-labelledby={`vd-year-${year}`}>
          <h2 id={`vd-year-${year}`}>{year}</h2>
          <ul className="archive-list">
            {posts.map((post) => (
              <li key={post.path}>
                <time dateTime={post.date}>{formatDate(post.date, ui.date)}</time>
                <Link href={post.path}>{post.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
