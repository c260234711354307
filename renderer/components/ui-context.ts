import { createContext, useContext } from 'react';
import type { UiStrings } from '@vitrina-docs/schemas';

/** The UI strings of the page's locale (manifest.locales[locale].ui). */
export const UiContext = createContext<UiStrings | null>(null);

export function useUi(): UiStrings {
  const ui = useContext(UiContext);
  if (!ui) throw new Error('vitrina-docs renderer: wrap the components in <UiContext value={manifest.locales[locale].ui}>');
  return ui;
}

/** For PageBody, which also works without strings (an embedding app may not pass them). */
export function useOptionalUi(): UiStrings | null {
  return useContext(UiContext);
}
