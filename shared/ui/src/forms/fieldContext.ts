import { createContext, useContext } from 'react';

/** What a Field tells the control inside it, so label, hint and error are wired for free. */
export interface FieldControlContext {
  id: string;
  /** Space-separated ids of the hint and error, for aria-describedby. */
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
}

export const FieldContext = createContext<FieldControlContext | null>(null);

export interface FieldControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  required?: boolean;
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * Merges a control's own props with its Field's: the control's explicit props win, the
 * descriptions are concatenated so neither the caller's nor the Field's is lost.
 */
export function useFieldControl(props: FieldControlProps) {
  const field = useContext(FieldContext);
  const describedBy =
    [field?.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  const ariaInvalid = props['aria-invalid'];
  const invalid =
    props.invalid ?? (ariaInvalid === true || ariaInvalid === 'true' ? true : (field?.invalid ?? false));
  return {
    id: props.id ?? field?.id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    required: props.required ?? field?.required,
    disabled: props.disabled ?? field?.disabled,
    invalid,
  };
}
