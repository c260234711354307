/** Home: product name and promise, the search box, a card per section, the latest release notes. */
import { useSite } from '../app/site-context.ts';
import { Link } from '../components/Link.tsx';
import { useUi } from '../components/ui-context.ts';
import { SearchBox } from '../search/SearchBox.tsx';

export function HomeView() {
  const ui = useUi();
  const { state, data } = useSite();
  const releases = data.navbar.find((n) => n.sidebar === 'releases');
  return (
    <div className="home">
      <section className="hero">
        <h1 className="hero-title">{state.manifest.site.name}</h1>
        <p className="hero-promise">{ui.home.promise}</p>
        <p className="hero-lead">{ui.home.lead}</p>
        <SearchBox variant="hero" />
      </section>
      <section className="home-section" aria-labelledby="vd-sections">
        <h2 id="vd-sections">{ui.home.sectionsTitle}</h2>
        <ul className="cards">
          {data.navbar.map((item) => (
            <li key={item.sidebar}>
              <Link href={item.path} className={`card card-${item.sidebar}`} prefetch="visible">
                <span className="card-title">{ui.home.cards[item.sidebar].title}</span>
                <span className="card-text">{ui.home.cards[item.sidebar].text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {data.latestReleases.length > 0 && (
        <section className="home-section" aria-labelledby="vd-releases">
          <h2 id="vd-releases">{ui.home.latestReleases}</h2>
          <ul className="release-list">
            {data.latestReleases.map((r) => (
              <li key={r.path}>
                <Link href={r.path} className="release-title">
                  {r.title}
                </Link>
                <p>{r.description}</p>
              </li>
            ))}
          </ul>
          {releases && (
            <p>
              <Link href={releases.path} className="more-link">
                {ui.home.allReleases} →
              </Link>
            </p>
          )}
        </section>
      )}
    </div>
  );
}
