import { createInterface } from 'node:readline/promises';
import type { LocaleCode } from '@vitrina-docs/schemas';
import { ScaffoldError } from './new-page.ts';

const LANGUAGE: Record<LocaleCode, string> = { ru: 'Russian', en: 'English' };

/**
 * Asks in the terminal for the title of a new page in one locale, until it is valid; Enter takes
 * the suggested title when there is one.
 */
export async function askTitle(
  locale: LocaleCode,
  suggested: string | undefined,
  check: (title: string) => string | null,
): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  // End of input (Ctrl+D) is no answer: nothing is written.
  const closed = new Promise<never>((_, reject) =>
    rl.once('close', () => reject(new ScaffoldError(`no title given for the ${locale} page: nothing was written`))),
  );
  closed.catch(() => {});
  try {
    for (;;) {
      const question = rl.question(`Title of the ${LANGUAGE[locale]} page (${locale})${suggested ? ` [${suggested}]` : ''}: `);
      const answer = (await Promise.race([question, closed])).trim();
      const title = answer || suggested || '';
      const problem = check(title);
      if (!problem) return title;
      process.stderr.write(`  ${problem}\n`);
    }
  } finally {
    rl.close();
  }
}
