/** The optional reasons and comment after "no" (FeedbackWidget): loaded when the reader answers no. */
import { useLayoutEffect, useRef } from 'react';
import { useUi } from './ui-context.ts';

const REASONS = ['inaccurate', 'unclear', 'missing', 'other'] as const;

export default function FeedbackReasons({ id, maxComment }: { id: string; maxComment: number }) {
  const ui = useUi();
  const first = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => first.current?.focus(), []);
  return (
    <fieldset className="feedback-why" id={id}>
      <legend>{ui.feedback.reasonLegend}</legend>
      <div className="feedback-reasons">
        {REASONS.map((reason, i) => (
          <label key={reason} className="feedback-reason">
            <input type="radio" name="reason" value={reason} ref={i === 0 ? first : undefined} /> {ui.feedback[reason]}
          </label>
        ))}
      </div>
      <label className="feedback-comment">
        <span>{ui.feedback.comment}</span>
        <textarea name="comment" rows={2} maxLength={maxComment} />
      </label>
      <button type="submit" className="button feedback-send">
        {ui.feedback.send}
      </button>
    </fieldset>
  );
}
