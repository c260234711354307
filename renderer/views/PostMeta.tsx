import { useUi } from '../components/ui-context.ts';
import { fill, formatDate } from '../shared/format.ts';

export function PostMeta({ date, authors }: { date: string; authors: string[] }) {
  const ui = useUi();
  return (
    <p className="post-meta">
      <time dateTime={date}>{formatDate(date, ui.date)}</time>
      {authors.length > 0 && <span> · {fill(ui.blog.by, { authors: authors.join(', ') })}</span>}
    </p>
  );
}
