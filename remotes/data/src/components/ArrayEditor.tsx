// An array column edited as a list, as a table editor does: one box per item, a button to remove
// each and one to add another, instead of JSON typed by hand. The list is kept as the JSON text
// parse-value.ts checks.
import { Button, IconButton, CloseIcon, PlusIcon, TextInput, type ControlSize } from '@portal/ui';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ColumnModel } from '../schema/openapi-model.js';
import { itemsOf, textOfItems } from '../values/array-items.js';

export interface ArrayEditorProps {
  column: ColumnModel;
  text: string;
  onTextChange: (text: string) => void;
  /** Names the list ("tags"); each box is "<label> item <n>". */
  label: string;
  size?: ControlSize;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  onSubmit?: () => void;
  onCancel?: () => void;
}

export function ArrayEditor({ column, text, onTextChange, label, size = 'md', disabled, autoFocus, invalid, onSubmit, onCancel }: ArrayEditorProps): ReactNode {
  // The item texts are the editor's own state, so a half-typed number stays as typed.
  const [items, setItems] = useState(() => itemsOf(text));
  const list = useRef<HTMLUListElement>(null);
  const numeric = column.itemKind === 'integer' || column.itemKind === 'number';
  const update = (next: string[]) => {
    setItems(next);
    onTextChange(textOfItems(column.itemKind, next));
  };
  const focusItem = (index: number) => {
    // After React has rendered the new box.
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLInputElement>('input')[index]?.focus());
  };
  const add = () => {
    update([...items, '']);
    focusItem(items.length);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit?.();
    }
  };
  return (
    <div className="data-array" role="group" aria-label={`${label}: a list of ${items.length} ${items.length === 1 ? 'item' : 'items'}`} data-kind="array" data-name={column.name}>
      {items.length === 0 ? <p className="data-array__empty">No items.</p> : null}
      <ul ref={list} className="data-array__items">
        {items.map((item, index) => (
          <li key={index} className="data-array__item">
            <TextInput
              size={size}
              aria-label={`${label} item ${index + 1}`}
              value={item}
              disabled={disabled}
              invalid={invalid}
              autoFocus={autoFocus && index === 0}
              inputMode={numeric ? 'decimal' : undefined}
              onChange={(event) => update(items.map((current, i) => (i === index ? event.target.value : current)))}
              onKeyDown={onKeyDown}
            />
            <IconButton
              size="sm"
              variant="ghost"
              label={`Remove ${label} item ${index + 1}`}
              icon={<CloseIcon />}
              disabled={disabled}
              onClick={() => {
                update(items.filter((_, i) => i !== index));
                focusItem(Math.max(0, index - 1));
              }}
            />
          </li>
        ))}
      </ul>
      <Button size="sm" variant="ghost" iconStart={<PlusIcon />} disabled={disabled} autoFocus={autoFocus && items.length === 0} onClick={add}>
        Add an item to {label}
      </Button>
    </div>
  );
}
