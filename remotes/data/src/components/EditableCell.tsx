// One cell of the table, edited in place: Enter or a click opens the typed editor; Save checks the
// text for the column's type, sends it, and closes only when the server accepted it. On a refusal
// the editor stays open with the server's words, and the cell keeps showing what the server holds.
// A save the server did not answer is kept and sent again once it answers; a value someone else
// saved meanwhile is shown, with the choice to keep theirs or save this one over it.
import { useRetryWhenBack } from '@portal/platform';
import { Button, Checkbox } from '@portal/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DataErrorCode, describeFailure, isDataError, isUnreachable } from '../errors/data-errors.js';
import type { Reference } from '../relations/references.js';
import type { ColumnModel } from '../schema/openapi-model.js';
import { cellText, editorText } from '../values/format-value.js';
import { parseInput } from '../values/parse-value.js';
import { CellValue, cellValueText } from './CellValue.js';
import { ValueEditor } from './ValueEditor.js';

export interface RelatedLink {
  label: string;
  href: string;
}

export interface EditableCellProps {
  column: ColumnModel;
  value: unknown;
  /** Names the row for assistive technology ("row 3"). */
  rowLabel: string;
  editable: boolean;
  /** A link to the related row, for foreign keys. */
  related?: RelatedLink | null;
  /** For a foreign key: the rows it may point at (its editor is a picker of them). */
  reference?: Reference | null;
  /** For a foreign key: the label of the row it points at, shown instead of the key. */
  valueLabel?: string | null;
  /**
   * Sends the value, on condition that the cell still holds `previous` (absent: overwrite);
   * rejects with a message for people when the server refuses, or with an EditConflict.
   */
  onSave: (value: unknown, previous?: { value: unknown }) => Promise<void>;
}

/** The value to send for the editor's state, or the reason it cannot be sent. */
export function editedValue(column: ColumnModel, text: string, isNull: boolean): { ok: true; value: unknown } | { ok: false; message: string } {
  if (isNull) return { ok: true, value: null };
  // An emptied box of a nullable non-text column means NULL ("" is a value only for text).
  if (text.trim() === '' && column.nullable && column.kind !== 'text') return { ok: true, value: null };
  return parseInput(column, text);
}

type Problem =
  | { kind: 'message'; text: string }
  /** The server did not answer; the value is sent again once it does. */
  | { kind: 'unanswered'; text: string; value: unknown }
  /** Someone else saved `theirs` after the editor opened. */
  | { kind: 'conflict'; text: string; value: unknown; theirs: unknown };

export function EditableCell({ column, value, rowLabel, editable, related, reference, valueLabel, onSave }: EditableCellProps): ReactNode {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [isNull, setIsNull] = useState(false);
  // What the cell held when the editor opened: the save asks the server that it still does.
  const [startedFrom, setStartedFrom] = useState<unknown>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    // Back to the cell when the editor closes, so the keyboard stays where it was.
    if (wasEditing.current && !editing) trigger.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const start = () => {
    setText(editorText(column, value));
    setIsNull(value === null || value === undefined);
    setStartedFrom(value ?? null);
    setProblem(null);
    setEditing(true);
  };
  const cancel = () => {
    if (!saving) setEditing(false);
  };
  const send = async (next: unknown, previous: { value: unknown } | undefined) => {
    setSaving(true);
    setProblem(null);
    try {
      await onSave(next, previous);
      setEditing(false);
    } catch (caught) {
      if (isUnreachable(caught)) {
        setProblem({ kind: 'unanswered', value: next, text: `${describeFailure(caught)} Your value is kept here and saved by itself once the server answers again.` });
      } else if (isDataError(caught) && caught.code === DataErrorCode.EditConflict) {
        setProblem({ kind: 'conflict', value: next, theirs: caught.current ?? null, text: caught.message });
      } else {
        setProblem({ kind: 'message', text: describeFailure(caught) });
      }
    } finally {
      setSaving(false);
    }
  };
  const save = async () => {
    const unchanged = isNull ? value === null : value !== null && text === editorText(column, value);
    if (unchanged) {
      setEditing(false);
      return;
    }
    const parsed = editedValue(column, text, isNull);
    if (!parsed.ok) {
      setProblem({ kind: 'message', text: reference ? `Pick a row of ${reference.table} from the list, or type its ${reference.keyColumn}. ${parsed.message}` : parsed.message });
      return;
    }
    await send(parsed.value, { value: startedFrom });
  };
  // The outage is over: what could not be sent goes now, still only over the value it started from.
  useRetryWhenBack(editing && problem?.kind === 'unanswered', () => {
    if (problem?.kind === 'unanswered') void send(problem.value, { value: startedFrom });
  });

  const link = related ? (
    <a className="data-related" href={related.href} title={`Open the related row: ${related.label}`}>
      {valueLabel ? <span aria-hidden="true">↗</span> : related.label}
      {valueLabel ? <span className="pui-visually-hidden">Open {related.label}</span> : null}
    </a>
  ) : null;

  if (!editing) {
    const full = value === null || value === undefined ? 'NULL' : valueLabel ? `${valueLabel} (${cellText(value)})` : cellText(value);
    const labelled = Boolean(valueLabel) && value !== null && value !== undefined;
    const shown = labelled ? <span className="data-value data-value--label">{valueLabel}</span> : <CellValue column={column} value={value} />;
    const shownText = labelled && valueLabel ? valueLabel : cellValueText(column, value);
    return (
      <div className="data-cell" data-column={column.name} data-value-label={valueLabel ?? undefined}>
        {editable ? (
          // Named by what it shows, then what it does ("Launch, edit title of row 3"): the value is
          // what a screen reader's user scans the grid for, and a name must contain the visible
          // text (WCAG 2.5.3, label in name).
          <button
            ref={trigger}
            type="button"
            className="data-cell__value data-cell__value--editable"
            title={full}
            aria-label={`${shownText}, edit ${column.name} of ${rowLabel}`}
            onClick={start}
          >
            {shown}
          </button>
        ) : (
          <span className="data-cell__value" title={full}>
            {shown}
          </span>
        )}
        {link}
      </div>
    );
  }

  const errorId = `data-edit-${rowLabel}-${column.name}-error`.replace(/[^\w-]/g, '_');
  return (
    <div className="data-cell data-cell--editing" data-column={column.name}>
      <div
        className="data-cell-editor"
        role="group"
        aria-label={`Edit ${column.name} of ${rowLabel}`}
        aria-describedby={problem ? errorId : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            cancel();
          }
        }}
      >
        <ValueEditor
          column={column}
          text={text}
          onTextChange={(next) => {
            setText(next);
            if (problem?.kind === 'message') setProblem(null);
          }}
          label={`New value for ${column.name}`}
          size="sm"
          autoFocus
          disabled={isNull || saving}
          invalid={problem?.kind === 'message'}
          onSubmit={() => void save()}
          onCancel={cancel}
          {...(reference && { reference, knownLabel: valueLabel ?? null })}
        />
        <div className="data-cell-editor__actions">
          {column.nullable ? <Checkbox label="NULL" checked={isNull} disabled={saving} onChange={(event) => setIsNull(event.target.checked)} /> : null}
          <span className="data-cell-editor__spacer" />
          <Button size="sm" variant="ghost" onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button size="sm" variant="primary" loading={saving} loadingLabel="Saving…" onClick={() => void save()}>
            Save
          </Button>
        </div>
        {problem ? (
          <div id={errorId} className="data-cell-editor__error" role="alert" data-problem={problem.kind}>
            <p>{problem.text}</p>
            {problem.kind === 'conflict' ? (
              <div className="data-cell-editor__actions">
                <Button size="sm" variant="secondary" disabled={saving} onClick={() => setEditing(false)}>
                  Keep theirs
                </Button>
                <Button size="sm" variant="danger" disabled={saving} onClick={() => void send(problem.value, { value: problem.theirs })}>
                  Save mine over it
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
