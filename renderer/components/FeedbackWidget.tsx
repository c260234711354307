import { lazy, Suspense, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { PageData } from '@vitrina-docs/schemas';
import { loadTracker } from '../analytics/load-tracker.ts';
import { useSite } from '../app/site-context.ts';
import { useUi } from './ui-context.ts';

/** The analytics event of an answer, and the longest comment it carries (GA4 keeps 100 characters of a value). */
export const FEEDBACK_EVENT = 'page_feedback';
export const FEEDBACK_COMMENT_MAX = 100;
const FeedbackReasons = lazy(() => import('./FeedbackReasons.tsx'));
const storageKey = (path: string) => `vitrina-feedback:${path}`;

function storedAnswer(path: string): string | null {
  try {
    return localStorage.getItem(storageKey(path));
  } catch {
    return null;
  }
}

type Step = 'ask' | 'why' | 'thanks' | 'answered';

/**
 * "Was this page helpful?" at the end of a doc page. An answer is one analytics event
 * (FEEDBACK_EVENT) to the configured service; each page takes one answer per visitor
 * (localStorage). Without an analytics service nothing could be sent, so the widget is not shown:
 * a site built without one hides it from the first paint (`data-feedback="off"` on <html>).
 */
export function FeedbackWidget({ page }: { page: PageData }) {
  const ui = useUi();
  const { state } = useSite();
  const analytics = state.manifest.site.analytics;
  // The first render does not depend on the analytics setting: the preview server (and an app
  // that embeds the site) may serve a manifest with analytics off under pages built with them on.
  const [off, setOff] = useState(false);
  const [step, setStep] = useState<Step>('ask');
  const [status, setStatus] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  useLayoutEffect(() => {
    setStep(storedAnswer(page.path) ? 'answered' : 'ask');
    setStatus('');
  }, [page.path]);
  useLayoutEffect(() => setOff(analytics.provider === 'none'), [analytics.provider]);
  if (off) return null;

  const send = (helpful: 'yes' | 'no', reason?: string, comment?: string) => {
    const params: Record<string, string> = {
      page_path: page.path,
      page_locale: page.locale,
      doc_version: page.version ?? 'none',
      helpful,
    };
    if (reason) params.reason = reason;
    if (comment) params.comment = comment.slice(0, FEEDBACK_COMMENT_MAX);
    void loadTracker(analytics).then((tracker) => tracker?.event(FEEDBACK_EVENT, params));
    try {
      localStorage.setItem(storageKey(page.path), helpful);
    } catch {
      /* remembered for this page view only */
    }
    setStep('thanks');
    setStatus(ui.feedback.thanks);
    requestAnimationFrame(() => statusRef.current?.focus());
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    send('no', (form.get('reason') as string | null) ?? undefined, String(form.get('comment') ?? '').trim() || undefined);
  };

  return (
    <div className="feedback">
      {step === 'answered' && <p className="feedback-note">{ui.feedback.answered}</p>}
      {(step === 'ask' || step === 'why') && (
        <form className="feedback-form" onSubmit={onSubmit}>
          <fieldset className="feedback-question">
            <legend>{ui.feedback.question}</legend>
            <div className="feedback-answers">
              <button type="button" className="button feedback-answer" onClick={() => send('yes')}>
                {ui.feedback.yes}
              </button>
              <button
                type="button"
                className="button feedback-answer"
                aria-pressed={step === 'why'}
                aria-expanded={step === 'why'}
                aria-controls={`${id}-why`}
                onClick={() => setStep('why')}
              >
                {ui.feedback.no}
              </button>
            </div>
          </fieldset>
          {step === 'why' && (
            <Suspense fallback={null}>
              <FeedbackReasons id={`${id}-why`} maxComment={FEEDBACK_COMMENT_MAX} />
            </Suspense>
          )}
        </form>
      )}
      {step === 'answered' ? null : (
        <p className="feedback-status" role="status" tabIndex={-1} ref={statusRef}>
          {status}
        </p>
      )}
    </div>
  );
}
