import type { ChangeEvent } from 'react';
import { TextInput, type TextInputProps } from './TextInput.js';

export interface NumberInputProps extends Omit<TextInputProps, 'type'> {
  /**
   * Called with the parsed number, or null when the box is empty or not a number yet
   * (e.g. "-" while typing). `onChange` still receives the raw event.
   */
  onValueChange?: (value: number | null, raw: string) => void;
  /** Whole numbers only: uses a numeric keypad and step 1. */
  integer?: boolean;
}

/** Parses what a number box holds; empty or partial input is null, never NaN. */
export function parseNumberInput(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function NumberInput({ onValueChange, onChange, integer = false, step, ...rest }: NumberInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    onValueChange?.(parseNumberInput(event.target.value), event.target.value);
  };
  return (
    <TextInput
      {...rest}
      type="number"
      inputMode={integer ? 'numeric' : 'decimal'}
      step={step ?? (integer ? 1 : 'any')}
      onChange={handleChange}
    />
  );
}
