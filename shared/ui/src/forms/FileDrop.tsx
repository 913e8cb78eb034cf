import { useId, useRef, useState, type DragEvent, type HTMLAttributes, type ReactNode } from 'react';
import { Button, UploadIcon } from '@portal/ui/core';
import { cx } from '../internal/cx.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { formsPart } from './forms.css.js';

export interface FileDropProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onDrop' | 'title'> {
  /** Called with the chosen or dropped files (already filtered by `accept` when dropped). */
  onFiles: (files: File[]) => void;
  /** Same syntax as <input accept>, e.g. "image/*,.pdf". */
  accept?: string;
  /** Called with the files `accept` turned away, so the app can say why nothing happened. */
  onRejected?: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  title?: ReactNode;
  hint?: ReactNode;
  buttonLabel?: string;
}

/** Whether `file` matches an <input accept> list (MIME types, wildcards, extensions). */
export function fileMatchesAccept(file: File, accept: string | undefined): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => {
      if (entry.startsWith('.')) return name.endsWith(entry);
      if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
      return type === entry;
    });
}

/**
 * A drop zone with a real "Choose files" button, so it works with a keyboard and screen
 * reader as well as with drag and drop. The zone is a named group (its title, or `aria-label`).
 */
export function FileDrop({
  onFiles,
  accept,
  onRejected,
  multiple = true,
  disabled = false,
  title = 'Drop files here',
  hint,
  buttonLabel = multiple ? 'Choose files' : 'Choose a file',
  className,
  ...rest
}: FileDropProps) {
  useGroupStylesheet(formsPart);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const baseId = `pui-file-drop-${useId()}`;
  const hintId = `${baseId}-hint`;
  const titleId = `${baseId}-title`;

  const deliver = (list: FileList | null) => {
    const all = Array.from(list ?? []);
    const files = all.filter((file) => fileMatchesAccept(file, accept));
    const rejected = all.filter((file) => !files.includes(file));
    const chosen = multiple ? files : files.slice(0, 1);
    if (chosen.length > 0) onFiles(chosen);
    if (rejected.length > 0) onRejected?.(rejected);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) deliver(event.dataTransfer.files);
  };

  return (
    // A group, named by its title unless the app names it (`aria-label`): a name on a plain div
    // is one no screen reader reads (axe: aria-prohibited-attr).
    <div
      role="group"
      aria-labelledby={rest['aria-label'] ? undefined : titleId}
      className={cx('pui-file-drop', className)}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      {...rest}
    >
      <UploadIcon className="pui-file-drop__icon" />
      <div id={titleId} className="pui-file-drop__title">
        {title}
      </div>
      {hint ? (
        <div id={hintId} className="pui-file-drop__hint">
          {hint}
        </div>
      ) : null}
      <Button
        size="sm"
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-describedby={hint ? hintId : undefined}
      >
        {buttonLabel}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          deliver(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
