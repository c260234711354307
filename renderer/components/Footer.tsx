import { useSite } from '../app/site-context.ts';
import { safeUrl } from '../hast/safe-url.ts';
import { Link } from './Link.tsx';

export function Footer() {
  const { data } = useSite();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        {data.footer.columns.map((column) => (
          <div key={column.title} className="footer-column">
            <p className="footer-title">{column.title}</p>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  {link.external ? <a href={safeUrl(link.to) ?? undefined}>{link.label}</a> : <Link href={link.to}>{link.label}</Link>}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="copyright">{data.footer.copyright}</p>
    </footer>
  );
}
