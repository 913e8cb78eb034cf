// Adds a row: a field per column with its type's editor. Required columns are marked; columns
// left empty are not sent, so the database applies their defaults (shown as hints).
import { Alert, Button, Dialog, Field, Form, Stack } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import type { Row } from '../query/row-identity.js';
import type { Reference } from '../relations/references.js';
import { insertRequirement, type ColumnModel, type TableModel } from '../schema/openapi-model.js';
import { describeDefault } from '../values/format-value.js';
import { parseInput } from '../values/parse-value.js';
import { ValueEditor } from './ValueEditor.js';
import { describeFailure, isUnreachable } from '../errors/data-errors.js';

export interface AddRowDialogProps {
  open: boolean;
  table: TableModel;
  /** Foreign keys' targets, by column: their fields are pickers of those rows. */
  references: ReadonlyMap<string, Reference>;
  onClose: () => void;
  /** Sends the row; rejects with a message for people when the server refuses. */
  onAdd: (values: Row) => Promise<void>;
}

/** What the form says under a field, from what the description says of its column. */
export function hintFor(table: TableModel, column: ColumnModel, reference: Reference | null): string {
  const parts: string[] = [];
  const requirement = insertRequirement(table, column);
  if (requirement === 'generated') parts.push('The database numbers new rows itself: leave it empty.');
  else if (column.hasDefault) parts.push(`${describeDefault(column)} when left empty.`);
  else if (column.foreignKey) {
    const target = reference ? `a row of ${reference.table}` : `the ${column.foreignKey.column} of a row of ${column.foreignKey.table}`;
    parts.push(requirement === 'optional' ? `Points at ${target}; NULL when left empty.` : `Pick ${target}.`);
  } else if (requirement === 'optional') parts.push('NULL when left empty.');
  else if (requirement === 'unless-default') parts.push('Needs a value unless the database has a default for it.');
  if (column.description) parts.push(column.description);
  return parts.join(' ');
}

/** The row to insert from the form's texts, or the message for each field that is not valid. */
export function rowFromForm(table: TableModel, texts: Readonly<Record<string, string>>): { ok: true; row: Row } | { ok: false; errors: Record<string, string> } {
  const row: Row = {};
  const errors: Record<string, string> = {};
  for (const column of table.columns) {
    const text = texts[column.name] ?? '';
    // Only text may be blank on purpose; for other kinds spaces alone are nothing typed.
    const empty = column.kind === 'text' ? text === '' : text.trim() === '';
    if (empty) {
      if (insertRequirement(table, column) === 'required') errors[column.name] = `Enter a value for ${column.name}.`;
      continue;
    }
    const parsed = parseInput(column, text);
    if (parsed.ok) row[column.name] = parsed.value;
    else errors[column.name] = parsed.message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, row };
}

export function AddRowDialog({ open, table, references, onClose, onAdd }: AddRowDialogProps): ReactNode {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Every opening starts from an empty form.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setTexts({});
      setErrors({});
      setServerError(null);
    }
  }

  const submit = async () => {
    const result = rowFromForm(table, texts);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setServerError(null);
    setSaving(true);
    try {
      await onAdd(result.row);
      onClose();
    } catch (error) {
      setServerError(
        isUnreachable(error) ? `${describeFailure(error)} Nothing was added, and what you entered is kept: add the row again once it answers.` : describeFailure(error),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Add a row to ${table.name}`}
      description="Required columns are marked. Empty columns get the database’s default."
      size="lg"
      dismissible={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="data-add-row" loading={saving} loadingLabel="Adding the row…">
            Add row
          </Button>
        </>
      }
    >
      <Form id="data-add-row" onSubmit={submit} aria-label={`Add a row to ${table.name}`}>
        <Stack gap={4}>
          {serverError ? (
            <Alert tone="error" title="The row was not added" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <div className="data-add-grid">
            {table.columns.map((column) => {
              const requirement = insertRequirement(table, column);
              const reference = references.get(column.name) ?? null;
              const text = texts[column.name] ?? '';
              const wide = column.kind === 'json' || column.kind === 'array';
              return (
                <Field
                  key={column.name}
                  className={wide ? 'data-add-grid__wide' : undefined}
                  label={
                    <>
                      {column.name} <span className="data-type">{column.format}</span>
                    </>
                  }
                  required={requirement === 'required'}
                  hint={hintFor(table, column, reference) || undefined}
                  error={errors[column.name]}
                >
                  <ValueEditor
                    column={column}
                    text={text}
                    onTextChange={(next) => setTexts((current) => ({ ...current, [column.name]: next }))}
                    reference={reference}
                    {...((column.kind === 'boolean' || column.kind === 'enum') && requirement !== 'required'
                      ? { placeholder: column.hasDefault ? `Default (${String(column.defaultValue)})` : 'NULL' }
                      : {})}
                  />
                </Field>
              );
            })}
          </div>
        </Stack>
      </Form>
    </Dialog>
  );
}
