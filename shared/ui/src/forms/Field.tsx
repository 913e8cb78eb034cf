import { useId, useMemo, type HTMLAttributes, type ReactNode } from 'react';
import { ErrorIcon } from '@portal/ui/core';
import { cx } from '../internal/cx.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { FieldContext, type FieldControlContext } from './fieldContext.js';
import { formsPart } from './forms.css.js';

export interface FieldProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  label: ReactNode;
  /** Help text under the control, read by screen readers with the control. */
  hint?: ReactNode;
  /** An inline error. Marks the control `aria-invalid` and is read with it. */
  error?: ReactNode;
  required?: boolean;
  /** Show "(optional)" next to the label, for forms where most fields are required. */
  optional?: boolean;
  disabled?: boolean;
  /** Id for the control; generated when absent. */
  id?: string;
  /** Visually hide the label (it stays the control's accessible name). */
  hideLabel?: boolean;
  /** The control: TextInput, Select, … (they read the Field's wiring from context). */
  children: ReactNode;
}

/** A labelled form control with hint and inline error, wired with aria-describedby. */
export function Field({
  label,
  hint,
  error,
  required = false,
  optional = false,
  disabled = false,
  id,
  hideLabel = false,
  className,
  children,
  ...rest
}: FieldProps) {
  useGroupStylesheet(formsPart);
  const generatedId = useId();
  const controlId = id ?? `pui-field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const hasError = Boolean(error);
  const context = useMemo<FieldControlContext>(
    () => ({
      id: controlId,
      describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined,
      invalid: hasError,
      required,
      disabled,
    }),
    [controlId, errorId, hintId, hasError, required, disabled],
  );
  return (
    <div className={cx('pui-field', className)} data-invalid={hasError || undefined} {...rest}>
      <label htmlFor={controlId} className={cx('pui-field__label', hideLabel && 'pui-visually-hidden')}>
        {label}
        {required ? (
          <span className="pui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
        {optional && !required ? <span className="pui-field__optional">(optional)</span> : null}
      </label>
      <FieldContext.Provider value={context}>{children}</FieldContext.Provider>
      {hint ? (
        <p id={hintId} className="pui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="pui-field__error">
          <ErrorIcon />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
