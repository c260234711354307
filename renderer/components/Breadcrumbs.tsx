import type { Breadcrumb } from '@vitrina-docs/schemas';
import { Link } from './Link.tsx';
import { useUi } from './ui-context.ts';

export function Breadcrumbs({ items, home, title, path }: { items: Breadcrumb[]; home: string; title: string; path: string }) {
  const ui = useUi();
  // The generator's trail may start at home and end at the page itself: both are drawn here.
  const crumbs = items.filter((c, i) => !(i === 0 && c.path === home) && !(i === items.length - 1 && c.path === path));
  return (
    <nav className="breadcrumbs" aria-label={ui.page.breadcrumbs}>
      <ol>
        <li>
          <Link href={home}>{ui.page.home}</Link>
        </li>
        {crumbs.map((c, i) => (
          <li key={i}>{c.path ? <Link href={c.path}>{c.label}</Link> : <span>{c.label}</span>}</li>
        ))}
        <li>
          <span aria-current="page">{title}</span>
        </li>
      </ol>
    </nav>
  );
}
