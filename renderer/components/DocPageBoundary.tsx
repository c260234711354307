/**
 * What DocPage draws instead of a page it cannot draw: a short notice in the page's place, with
 * the reason in the console, so that the embedding app keeps the rest of its tree. The boundary
 * catches what goes wrong while drawing a page whose JSON has the right shape but not the right
 * content.
 */
import { Component, type ReactNode } from 'react';
import type { UiStrings } from '@vitrina-docs/schemas';

export function DocPageError({ ui, className }: { ui: UiStrings | undefined; className?: string }) {
  const title = typeof ui?.loadError?.title === 'string' ? ui.loadError.title : 'The page cannot be shown';
  return (
    <div className={`vd-root vd-doc-page vd-doc-page-error ${className ?? ''}`.trim()} role="alert">
      <p>{title}</p>
    </div>
  );
}

/** Logs why a page is not drawn, in the words of an embedding developer's console. */
export function reportPageError(reason: string, path: unknown): void {
  console.error(`vitrina-docs DocPage: the page${typeof path === 'string' ? ` ${path}` : ''} is not drawn: ${reason}`);
}

interface BoundaryProps {
  ui: UiStrings | undefined;
  path: unknown;
  className?: string;
  children: ReactNode;
}

export class DocPageBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportPageError(error instanceof Error ? error.message : String(error), this.props.path);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    // Another page is another chance.
    if (this.state.failed && previous.path !== this.props.path) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <DocPageError ui={this.props.ui} className={this.props.className} /> : this.props.children;
  }
}
