// The editor of a foreign-key column: a combobox (WAI-ARIA 1.2, list autocomplete) that offers
// the rows of the referenced table by their label (a project's name, a person's display name),
// searched on the server as the person types. Picking a row sets the key; a key typed by hand is
// taken as typed and checked like any value. Rows come back as row level security lets the
// person see them, so the list holds only rows they may point at.
import { usePortal } from '@portal/platform';
import { TextInput, type ControlSize } from '@portal/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { readReferenceLabels, searchReferenceRows, type ReferenceOption } from '../data-access/read-references.js';
import type { Reference } from '../relations/references.js';
import { cellText } from '../values/format-value.js';
import { describeFailure } from '../errors/data-errors.js';

export interface ReferencePickerProps {
  reference: Reference;
  /** The key, as text (what the column's editor edits). */
  text: string;
  onTextChange: (text: string) => void;
  name: string;
  label?: string;
  /** The current key's label, when the caller already knows it (a cell shows it). */
  knownLabel?: string | null;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  size?: ControlSize;
  invalid?: boolean;
  onSubmit?: () => void;
  onCancel?: () => void;
  /** Ids of elements describing the box (a Field's hint and error). */
  'aria-describedby'?: string;
}

/** How long typing pauses before the server is asked. */
const SEARCH_DELAY_MS = 150;

type Listing = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; options: ReferenceOption[] } | { status: 'error'; message: string };

export function ReferencePicker({
  reference,
  text,
  onTextChange,
  name,
  label,
  knownLabel,
  placeholder,
  disabled,
  autoFocus,
  size = 'md',
  invalid,
  onSubmit,
  onCancel,
  ...rest
}: ReferencePickerProps): ReactNode {
  const { supabase } = usePortal();
  const listId = useId();
  // What the box shows: the chosen row's label, or what the person is typing.
  const [shown, setShown] = useState(() => (text !== '' && knownLabel ? knownLabel : text));
  // The label the box shows stands for `text`: searching then starts from every row.
  const [showsLabelOf, setShowsLabelOf] = useState<string | null>(text !== '' && knownLabel ? text : null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [listing, setListing] = useState<Listing>({ status: 'idle' });
  const typed = useRef(false);

  // A key without a known label: read it once, unless the person has started typing.
  useEffect(() => {
    if (text === '' || showsLabelOf === text || knownLabel) return;
    const controller = new AbortController();
    readReferenceLabels(supabase, reference, [text], controller.signal).then(
      (labels) => {
        const found = labels.get(text);
        if (found && !typed.current) {
          setShown(found);
          setShowsLabelOf(text);
        }
      },
      () => undefined, // the key stays shown as it is
    );
    return () => controller.abort();
    // Only the first key: later ones are picked here and come with their label.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const query = showsLabelOf !== null && showsLabelOf === text ? '' : shown;
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchReferenceRows(supabase, reference, query, controller.signal).then(
        (options) => {
          setListing({ status: 'ready', options });
          setActive(0);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setListing({ status: 'error', message: describeFailure(error) });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, supabase, reference]);

  const options = listing.status === 'ready' ? listing.options : [];
  const pick = (option: ReferenceOption) => {
    const key = cellText(option.key);
    typed.current = false;
    setShown(option.label);
    setShowsLabelOf(key);
    onTextChange(key);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      else if (options.length > 0) setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (open && option) pick(option);
      else onSubmit?.();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (open) setOpen(false);
      else onCancel?.();
    }
  };

  const activeId = open && options[active] ? `${listId}-${active}` : undefined;
  const note =
    listing.status === 'loading' || listing.status === 'idle'
      ? `Searching ${reference.table}…`
      : listing.status === 'error'
        ? listing.message
        : options.length === 0
          ? query === ''
            ? `No rows of ${reference.table} you may see.`
            : `No row of ${reference.table} matches “${query}”.`
          : null;
  return (
    <div className="data-picker">
      <TextInput
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={rest['aria-describedby']}
        autoComplete="off"
        spellCheck={false}
        name={name}
        data-kind="reference"
        data-key={showsLabelOf === text ? text : undefined}
        size={size}
        invalid={invalid}
        disabled={disabled}
        autoFocus={autoFocus}
        placeholder={placeholder ?? `Search ${reference.table}…`}
        value={shown}
        onChange={(event) => {
          typed.current = true;
          setShown(event.target.value);
          setShowsLabelOf(null);
          // A key typed by hand is taken as typed; a label is only a search until a row is picked.
          onTextChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        // A button takes the focus on mousedown: the list stays until its click has landed, as its
        // closing would move what is under the pointer (the list is in the flow, under the box).
        onBlur={(event) => {
          if (!(event.relatedTarget instanceof HTMLButtonElement)) setOpen(false);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="data-picker__popup" hidden={!open}>
        {/* In the flow, under the box: a list laid over the form would take the clicks meant for what it covers. */}
        {open && note ? (
          <p className={listing.status === 'error' ? 'data-picker__note data-picker__note--error' : 'data-picker__note'} role="status">
            {note}
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label={`Rows of ${reference.table}`} className="data-picker__list">
          {options.map((option, index) => {
            const key = cellText(option.key);
            return (
              <li
                key={key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                data-key={key}
                className="data-picker__option"
                // Keeps the focus in the box, so the blur does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
              >
                <span className="data-picker__label">{option.label}</span>
                {option.label !== key ? <span className="data-picker__key">{key}</span> : null}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
