import { useCopyToClipboard } from '../hooks/useCopyToClipboard.ts';
import { Icon } from './Icon.tsx';

/** A button that copies text and says so for two seconds (announced politely). */
export function CopyButton(props: {
  text: () => string | Promise<string>;
  label: string;
  done: string;
  className?: string;
  showLabel?: boolean;
}) {
  const [copied, copy] = useCopyToClipboard();
  return (
    <button
      type="button"
      className={`copy-button ${props.className ?? ''}`}
      aria-label={props.showLabel ? undefined : props.label}
      title={props.label}
      onClick={() => void copy(async () => props.text()).catch(() => {})}
    >
      <Icon name={copied ? 'check' : 'copy'} />
      {props.showLabel && <span>{copied ? props.done : props.label}</span>}
      <span className="sr-only" aria-live="polite">
        {copied ? props.done : ''}
      </span>
    </button>
  );
}
