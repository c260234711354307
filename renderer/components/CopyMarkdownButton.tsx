import { fetchText } from '../router/fetch-json.ts';
import { CopyButton } from './CopyButton.tsx';
import { useUi } from './ui-context.ts';

/** Copies the page's markdown source (page.markdownUrl), e.g. to paste it into a chat with a language model. */
export function CopyMarkdownButton({ url }: { url: string }) {
  const ui = useUi();
  return (
    <CopyButton
      className="copy-markdown"
      showLabel
      text={() => fetchText(url)}
      label={ui.page.copyMarkdown}
      done={ui.page.copiedMarkdown}
    />
  );
}
