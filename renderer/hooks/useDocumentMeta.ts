/** Keeps <title>, <html lang dir> and the meta description in step with the shown route. */
import { useEffect } from 'react';
import type { LocaleInfo } from '@vitrina-docs/schemas';
import type { DocumentMeta } from '../shared/document-meta.ts';

export function useDocumentMeta(meta: DocumentMeta, info: LocaleInfo): void {
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
  useEffect(() => {
    document.documentElement.lang = info.lang;
    document.documentElement.dir = info.dir;
  }, [info.lang, info.dir]);
}
