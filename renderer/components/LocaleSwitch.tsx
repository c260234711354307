import type { LocaleCode } from '@vitrina-docs/schemas';
import { useSite } from '../app/site-context.ts';
import { stripLocale, withLocale } from '@vitrina-docs/schemas/paths';
import { Link } from './Link.tsx';

/** Links to the same page in the other locales (the hash is kept: translations share heading ids). */
export function LocaleSwitch() {
  const { state } = useSite();
  const { manifest, route, location, locale } = state;
  const others = (Object.keys(manifest.locales) as LocaleCode[]).filter((code) => code !== locale);
  return (
    <div className="locale-switch">
      {others.map((code) => {
        const info = manifest.locales[code]!.info;
        const path = route ? (route.alternates[code] ?? withLocale('/', code)) : withLocale(stripLocale(location.path), code);
        const hash = route?.alternates[code] && location.hash ? `#${encodeURIComponent(location.hash)}` : '';
        return (
          <Link key={code} href={path + hash} hrefLang={info.lang} lang={info.lang} className="locale-link" title={info.label}>
            {info.label}
          </Link>
        );
      })}
    </div>
  );
}
