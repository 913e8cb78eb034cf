import type { ChangeEvent } from 'react';
import { fromDateTimeLocal } from './dateTime.js';
import { TextInput, type TextInputProps } from './TextInput.js';

export type DateTimeMode = 'datetime' | 'date' | 'time';

export interface DateTimeInputProps extends Omit<TextInputProps, 'type'> {
  mode?: DateTimeMode;
  /** Show and edit seconds (datetime and time modes). */
  withSeconds?: boolean;
  /**
   * Called with an ISO timestamp in UTC (datetime mode) or the raw `YYYY-MM-DD` /
   * `HH:mm` value (date and time modes); null when cleared. Pair with `toDateTimeLocal`
   * to show a stored timestamp.
   */
  onValueChange?: (value: string | null) => void;
}

const INPUT_TYPE: Record<DateTimeMode, string> = { datetime: 'datetime-local', date: 'date', time: 'time' };

/** The native date/time pickers, which are keyboard-usable and localised by the browser. */
export function DateTimeInput({
  mode = 'datetime',
  withSeconds = false,
  onValueChange,
  onChange,
  step,
  ...rest
}: DateTimeInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    const raw = event.target.value;
    onValueChange?.(mode === 'datetime' ? fromDateTimeLocal(raw) : raw || null);
  };
  return (
    <TextInput
      {...rest}
      type={INPUT_TYPE[mode]}
      step={step ?? (withSeconds && mode !== 'date' ? 1 : undefined)}
      onChange={handleChange}
    />
  );
}
