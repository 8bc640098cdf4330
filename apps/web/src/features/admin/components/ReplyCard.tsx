import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Checkbox, Input, type GetRef } from 'antd';
import { useTranslation } from 'react-i18next';
import './queue.css';

/**
 * One item of a console queue: a list item named by its heading. Its head holds a checkbox where the
 * item can be chosen for a bulk action (named by `select.label`, else by the heading), the heading
 * and the tags; the body follows.
 */
export function QueueCard(props: {
  headingId: string;
  heading: ReactNode;
  tags?: ReactNode;
  select?: { checked: boolean; onChange: (on: boolean) => void; label?: string };
  /** Classes beside `of-queue-item` (a flagged comment's mark). */
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  const { headingId, select } = props;
  return (
    <li
      className={props.className ? `of-queue-item ${props.className}` : 'of-queue-item'}
      aria-labelledby={headingId}
      data-testid={props.testId}
    >
      <div className="of-queue-item-head">
        {select ? (
          <Checkbox
            checked={select.checked}
            onChange={(e) => select.onChange(e.target.checked)}
            aria-label={select.label}
            aria-labelledby={select.label ? undefined : headingId}
          />
        ) : null}
        <h2 id={headingId} className="of-queue-title">
          {props.heading}
        </h2>
        {props.tags}
      </div>
      {props.children}
    </li>
  );
}

/** A reader's text as written: its lines kept, long words broken. */
export function ReaderText({ children }: { children: ReactNode }) {
  return <p className="of-queue-content">{children}</p>;
}

/** The library's replies to a reader's message so far, oldest first: who wrote each, when, and the text. */
export function ReplyThread({ replies }: { replies: { key: number | string; byline: string; body: string }[] }) {
  const { t } = useTranslation('admin');
  if (!replies.length) return null;
  return (
    <ol className="of-queue-replies" aria-label={t('queue.thread')}>
      {replies.map((r) => (
        <li key={r.key}>
          <p className="of-queue-meta">{r.byline}</p>
          <ReaderText>{r.body}</ReaderText>
        </li>
      ))}
    </ol>
  );
}

/**
 * A reply being written to a reader: its text, whether it can be sent (not empty, at most `max`
 * characters as `lengthOf` counts them) and, once a send was tried, what is wrong with it.
 */
export function useReplyDraft(max: number, lengthOf: (text: string) => number = (s) => [...s].length) {
  const [reply, setReply] = useState('');
  const [tried, setTried] = useState(false);
  // Sends refused for a problem: each one puts the focus back in the field (ReplyEditor).
  const [refused, setRefused] = useState(0);
  const text = reply.trim();
  const problem = !text ? 'missing' : lengthOf(text) > max ? 'tooLong' : null;
  return {
    reply,
    setReply,
    max,
    refused,
    /** The problem to show: none before the first try. */
    shown: tried ? problem : null,
    /** The reply to send; null when there is none, the problem then shown and the field focused. */
    take: (): string | null => {
      setTried(true);
      if (problem) setRefused((n) => n + 1);
      return problem ? null : text;
    },
    clear: () => {
      setReply('');
      setTried(false);
    },
  };
}

export type ReplyDraft = ReturnType<typeof useReplyDraft>;

/**
 * The reply form of a queue item: the labelled text with its length counter, a line of help that
 * becomes the error (the field points at it), and the item's buttons (`children`).
 */
export function ReplyEditor(props: {
  id: string;
  draft: ReplyDraft;
  label: string;
  help: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { id, draft } = props;
  const field = useRef<GetRef<typeof Input.TextArea>>(null);
  useEffect(() => {
    if (draft.refused) field.current?.focus();
  }, [draft.refused]);
  const error = draft.shown ? t(`queue.reply.${draft.shown}`, { max: draft.max }) : '';
  return (
    <div className="of-queue-reply-form">
      <label htmlFor={id} className="of-queue-label">
        {props.label}
      </label>
      <Input.TextArea
        id={id}
        ref={field}
        value={draft.reply}
        maxLength={draft.max}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-help`}
        status={error ? 'error' : undefined}
        onChange={(e) => draft.setReply(e.target.value)}
        data-testid={props.testId}
      />
      <p id={`${id}-help`} className={error ? 'of-queue-error' : 'of-queue-help'}>
        {error || props.help}
      </p>
      <div className="of-queue-row">{props.children}</div>
    </div>
  );
}
