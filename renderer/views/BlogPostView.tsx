import type { PageData } from '@vitrina-docs/schemas';
import { useSite } from '../app/site-context.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { PageBody } from '../components/PageBody.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { withLocale } from '@vitrina-docs/schemas/paths';
import { PostMeta } from './PostMeta.tsx';

export function BlogPostView({ page }: { page: PageData }) {
  const { state } = useSite();
  return (
    <div className="doc-layout blog-post">
      <article className="doc" aria-labelledby="vd-title">
        <Breadcrumbs items={page.breadcrumbs} home={withLocale('/', state.locale)} title={page.title} path={page.path} />
        <h1 id="vd-title" className="doc-title">
          {page.title}
        </h1>
        {page.blog && <PostMeta date={page.blog.date} authors={page.blog.authors} />}
        <div className="doc-body">
          <PageBody body={page.body} />
        </div>
        <footer className="doc-footer">
          <Pagination prev={page.prev} next={page.next} />
        </footer>
      </article>
    </div>
  );
}
