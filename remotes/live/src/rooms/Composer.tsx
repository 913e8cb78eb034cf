// Where a message is written (and where one is edited): Enter sends, Shift+Enter makes a new line,
// and "@" offers the room's people by the names their profiles give them (a list tied to the text
// by aria-controls and aria-activedescendant: the arrows move, Enter or Tab picks, Escape closes).
// What is sent says whom it mentions: the people whose "@Name" the text holds when it is sent.
import { Button, Textarea, usePopupPlacement } from '@portal/ui';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { mentionQueryAt, mentionsIn } from './message-text.js';

export interface ComposerProps {
  /** The room's people (user id → name shown), oneself left out. */
  members: ReadonlyMap<string, string>;
  label: string;
  submitLabel: string;
  initial?: string;
  disabled?: boolean;
  onSubmit(body: string, mentions: string[]): void;
  onCancel?: () => void;
  onTyping?: () => void;
  /** Focus the text at once (an edit). */
  autoFocus?: boolean;
}

const MAX_LENGTH = 4000;
const MAX_SUGGESTIONS = 6;

export function Composer({ members, label, submitLabel, initial = '', disabled = false, onSubmit, onCancel, onTyping, autoFocus = false }: ComposerProps): ReactNode {
  const [draft, setDraft] = useState(initial);
  const [caret, setCaret] = useState(initial.length);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const listId = useId();

  const mention = mentionQueryAt(draft, caret);
  const suggestions = useMemo(() => {
    if (!mention) return [];
    const query = mention.query.toLocaleLowerCase();
    return [...members]
      .filter(([, name]) => name.toLocaleLowerCase().split(/\s+/).some((word) => word.startsWith(query)) || name.toLocaleLowerCase().startsWith(query))
      .sort(([, a], [, b]) => a.localeCompare(b))
      .slice(0, MAX_SUGGESTIONS);
  }, [members, mention?.query]); // eslint-disable-line react-hooks/exhaustive-deps
  const open = mention !== null && suggestions.length > 0 && dismissedAt !== mention.start;
  const current = open ? Math.min(active, suggestions.length - 1) : -1;
  // Above the text where it fits (it is typed into from below), in the top layer: the scrolling
  // list of messages around a message being edited clipped it, and on a phone held sideways it ran
  // past the window's top, its first names out of reach.
  const list = useRef<HTMLUListElement | null>(null);
  const layer = usePopupPlacement(open, list, textarea, { side: 'above' });
  useLayoutEffect(() => {
    // A list cut to the room there is scrolls: the arrows' choice stays in view.
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const submit = () => {
    const body = draft.trim();
    if (!body || disabled) return;
    onSubmit(body, mentionsIn(body, members));
    setDraft('');
    setCaret(0);
  };

  const pick = (name: string) => {
    if (!mention) return;
    const before = draft.slice(0, mention.start);
    const after = draft.slice(caret);
    const inserted = `@${name} `;
    const next = `${before}${inserted}${after.replace(/^ /, '')}`;
    const at = before.length + inserted.length;
    setDraft(next);
    setCaret(at);
    setActive(0);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(at, at);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((current + (event.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(suggestions[current]![1]);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <form
      className="live-composer"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="live-composer__field">
        <Textarea
          ref={textarea}
          aria-label={label === 'Send a message' ? 'Message' : label}
          name="message"
          rows={2}
          maxLength={MAX_LENGTH}
          value={draft}
          disabled={disabled}
          autoFocus={autoFocus}
          // A textarea keeps its textbox role (ARIA in HTML allows no combobox there); the list
          // is tied to it as GitHub's and Slack's mention pickers do.
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(current) : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setCaret(event.target.selectionStart ?? event.target.value.length);
            setActive(0);
            onTyping?.();
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
        />
        {open ? (
          <ul ref={list} {...layer} className="live-mentions" id={listId} role="listbox" aria-label="People to mention">
            {suggestions.map(([userId, name], index) => (
              <li
                key={userId}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                data-user={userId}
                className={index === current ? 'live-mentions__option live-mentions__option--active' : 'live-mentions__option'}
                onMouseDown={(event) => {
                  // Keeps the focus in the text while the pointer picks.
                  event.preventDefault();
                  pick(name);
                }}
              >
                {name}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="live-composer__actions">
        {onCancel ? (
          <Button type="button" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" size={onCancel ? 'sm' : 'md'} disabled={disabled || draft.trim() === ''}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
