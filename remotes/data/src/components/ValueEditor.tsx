// The typed input for one column's value: the right control for the kind (select for enums and
// booleans, native date/time pickers, a picker of rows for foreign keys, a list for arrays, a
// monospace box for JSON, text otherwise). It edits text; parse-value.ts turns the text into the
// value and says what is wrong with it.
import { DateTimeInput, Select, Textarea, TextInput, toDateTimeLocal } from '@portal/ui';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Reference } from '../relations/references.js';
import type { ColumnModel } from '../schema/openapi-model.js';
import { ArrayEditor } from './ArrayEditor.js';
import { ReferencePicker } from './ReferencePicker.js';

export interface ValueEditorProps {
  column: ColumnModel;
  text: string;
  onTextChange: (text: string) => void;
  /** The accessible name when the editor is not inside a Field. */
  label?: string;
  /** First choice of a select, e.g. "Default (medium)"; without one a select starts on its first value. */
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  size?: 'sm' | 'md';
  invalid?: boolean;
  /** Enter (Ctrl+Enter in multi-line boxes). */
  onSubmit?: () => void;
  /** Escape. */
  onCancel?: () => void;
  /** For a foreign key: the rows it may point at, offered by a picker. */
  reference?: Reference | null;
  /** The label of the current key, when known. */
  knownLabel?: string | null;
}

/** Selects, single-line boxes and pickers submit on Enter; multi-line boxes need Ctrl/⌘+Enter. */
function keyHandler(multiline: boolean, onSubmit?: () => void, onCancel?: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && onSubmit && (!multiline || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };
}

export function ValueEditor({
  column,
  text,
  onTextChange,
  label,
  placeholder,
  disabled,
  autoFocus,
  size = 'md',
  invalid,
  onSubmit,
  onCancel,
  reference,
  knownLabel,
}: ValueEditorProps): ReactNode {
  const common = {
    'aria-label': label,
    disabled,
    autoFocus,
    invalid,
    name: column.name,
    'data-kind': column.kind,
  };
  const multiline = column.kind === 'json' || (column.kind === 'text' && text.includes('\n'));
  const onKeyDown = keyHandler(multiline, onSubmit, onCancel);

  if (reference) {
    return (
      <ReferencePicker
        reference={reference}
        text={text}
        onTextChange={onTextChange}
        name={column.name}
        {...(label !== undefined && { label })}
        {...(knownLabel !== undefined && { knownLabel })}
        {...(placeholder !== undefined && { placeholder })}
        {...(disabled !== undefined && { disabled })}
        {...(autoFocus !== undefined && { autoFocus })}
        {...(invalid !== undefined && { invalid })}
        {...(onSubmit && { onSubmit })}
        {...(onCancel && { onCancel })}
        size={size}
      />
    );
  }

  switch (column.kind) {
    case 'boolean':
    case 'enum': {
      const values = column.kind === 'boolean' ? ['true', 'false'] : column.enumValues;
      return (
        <Select
          {...common}
          size={size}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
          options={values.map((value) => ({ value, label: value }))}
          {...(placeholder !== undefined || text === '' ? { placeholder: placeholder ?? 'Choose…' } : {})}
        />
      );
    }
    case 'date':
      return <DateTimeInput {...common} size={size} mode="date" value={text} onChange={(event) => onTextChange(event.target.value)} onKeyDown={onKeyDown} />;
    case 'timestamptz':
      // The picker shows the person's local time; the text stays an ISO timestamp with its zone.
      return (
        <DateTimeInput
          {...common}
          size={size}
          mode="datetime"
          withSeconds
          value={toDateTimeLocal(text, true)}
          onValueChange={(iso) => onTextChange(iso ?? '')}
          onKeyDown={onKeyDown}
        />
      );
    case 'timestamp':
      return (
        <DateTimeInput {...common} size={size} mode="datetime" withSeconds value={text.slice(0, 19)} onChange={(event) => onTextChange(event.target.value)} onKeyDown={onKeyDown} />
      );
    case 'time':
      return <DateTimeInput {...common} size={size} mode="time" withSeconds value={text.slice(0, 8)} onChange={(event) => onTextChange(event.target.value)} onKeyDown={onKeyDown} />;
    case 'json':
      return (
        <Textarea
          {...common}
          mono
          rows={Math.min(10, Math.max(3, text.split('\n').length))}
          spellCheck={false}
          placeholder={placeholder ?? '{ "key": "value" }'}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
      );
    case 'array':
      return (
        <ArrayEditor
          column={column}
          text={text}
          onTextChange={onTextChange}
          label={column.name}
          size={size}
          {...(disabled !== undefined && { disabled })}
          {...(autoFocus !== undefined && { autoFocus })}
          {...(invalid !== undefined && { invalid })}
          {...(onSubmit && { onSubmit })}
          {...(onCancel && { onCancel })}
        />
      );
    case 'integer':
    case 'number':
      // A text box, not type=number: the browser would silently drop what is not a number,
      // and the person would never learn why nothing was saved.
      return (
        <TextInput
          {...common}
          size={size}
          inputMode={column.kind === 'integer' ? 'numeric' : 'decimal'}
          placeholder={placeholder}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
      );
    default:
      if (multiline) {
        return <Textarea {...common} rows={3} placeholder={placeholder} value={text} onChange={(event) => onTextChange(event.target.value)} onKeyDown={onKeyDown} />;
      }
      return (
        <TextInput
          {...common}
          size={size}
          mono={column.kind === 'uuid'}
          spellCheck={column.kind === 'text'}
          placeholder={placeholder}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
      );
  }
}
