// One cell of the table, edited in place: a click opens the typed editor; Save checks the text
// for the column's type, sends it, and closes only when the server accepted it. On a refusal the
// editor stays open with the server's words, and the cell keeps showing what the server holds.
import { describeError } from '@portal/platform';
import { Button, Checkbox } from '@portal/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ColumnModel } from '../schema/openapi-model.js';
import { cellText, editorText } from '../values/format-value.js';
import { parseInput } from '../values/parse-value.js';
import { CellValue } from './CellValue.js';
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
  /** Sends the value; rejects with a message for people when the server refuses. */
  onSave: (value: unknown) => Promise<void>;
}

/** The value to send for the editor's state, or the reason it cannot be sent. */
export function editedValue(column: ColumnModel, text: string, isNull: boolean): { ok: true; value: unknown } | { ok: false; message: string } {
  if (isNull) return { ok: true, value: null };
  // An emptied box of a nullable non-text column means NULL ("" is a value only for text).
  if (text.trim() === '' && column.nullable && column.kind !== 'text') return { ok: true, value: null };
  return parseInput(column, text);
}

export function EditableCell({ column, value, rowLabel, editable, related, onSave }: EditableCellProps): ReactNode {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [isNull, setIsNull] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    if (!saving) setEditing(false);
  };
  const save = async () => {
    const unchanged = isNull ? value === null : value !== null && text === editorText(column, value);
    if (unchanged) {
      setEditing(false);
      return;
    }
    const parsed = editedValue(column, text, isNull);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(parsed.value);
      setEditing(false);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setSaving(false);
    }
  };

  const link = related ? (
    <a className="data-related" href={related.href} title={`Open the related row: ${related.label}`}>
      {related.label}
    </a>
  ) : null;

  if (!editing) {
    const full = value === null || value === undefined ? 'NULL' : cellText(value);
    return (
      <div className="data-cell" data-column={column.name}>
        {editable ? (
          <button ref={trigger} type="button" className="data-cell__value data-cell__value--editable" title={full} aria-label={`Edit ${column.name} of ${rowLabel}`} onClick={start}>
            <CellValue column={column} value={value} />
          </button>
        ) : (
          <span className="data-cell__value" title={full}>
            <CellValue column={column} value={value} />
          </span>
        )}
        {link}
      </div>
    );
  }

  const errorId = `data-edit-${rowLabel}-${column.name}-error`.replace(/[^\w-]/g, '_');
  return (
    <div className="data-cell data-cell--editing" data-column={column.name}>
      <div className="data-cell-editor" role="group" aria-label={`Edit ${column.name} of ${rowLabel}`} aria-describedby={error ? errorId : undefined}
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
            setError(null);
          }}
          label={`New value for ${column.name}`}
          size="sm"
          autoFocus
          disabled={isNull || saving}
          invalid={Boolean(error)}
          onSubmit={() => void save()}
          onCancel={cancel}
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
        {error ? (
          <p id={errorId} className="data-cell-editor__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
