import { dirname, posix } from 'node:path';
import { LOCALES } from '@vitrina-docs/schemas';
import { routeOfFile } from '../routes.ts';

/** `./start.md` written in content/docs/a/b.ru.md → `/docs/a/start`. */
export function routeOfRelativeLink(fromFile: string, target: string): string | null {
  const rel = fromFile.replace(/^content\//, '');
  let decoded: string;
  try {
    decoded = decodeURI(target);
  } catch {
    return null; // a % not followed by two hex digits: no file has that name
  }
  let joined = posix.normalize(posix.join(dirname(rel), decoded));
  joined = joined.replace(/\.md$/, '').replace(new RegExp(`\\.(${LOCALES.join('|')})$`), '');
  const r = routeOfFile(`${joined}.${LOCALES[0]}.md`);
  return r.ok ? r.route.key : null;
}
