import { useState } from 'react';
import { IconButton, EyeIcon, EyeOffIcon } from '@portal/ui/core';
import { TextInput, type TextInputProps } from './TextInput.js';

export interface PasswordInputProps extends Omit<TextInputProps, 'type' | 'endAdornment'> {
  /** Labels of the show/hide toggle, for translation. */
  showLabel?: string;
  hideLabel?: string;
}

/** A password box with a show/hide toggle (a real button, so it is keyboard-usable). */
export function PasswordInput({
  showLabel = 'Show password',
  hideLabel = 'Hide password',
  autoComplete = 'current-password',
  ...rest
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...rest}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      spellCheck={false}
      autoCapitalize="off"
      endAdornment={
        <IconButton
          size="sm"
          label={visible ? hideLabel : showLabel}
          icon={visible ? <EyeOffIcon /> : <EyeIcon />}
          onClick={() => setVisible((shown) => !shown)}
          disabled={rest.disabled}
        />
      }
    />
  );
}
