import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { useFieldControl } from './fieldContext.js';
import { InputFrame, type ControlSize } from './InputFrame.js';
import { formsPart } from './forms.css.js';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  size?: ControlSize;
  /** Marks the control invalid without a Field (a Field with an `error` does it for you). */
  invalid?: boolean;
  /** An icon or short text inside the box, before the text (e.g. a search icon). */
  startAdornment?: ReactNode;
  /** An icon or a small button inside the box, after the text. */
  endAdornment?: ReactNode;
  /** Monospace text, for identifiers, keys and JSON. */
  mono?: boolean;
  /** Class for the bordered wrapper (className goes to the <input>). */
  frameClassName?: string;
}

export function TextInput({
  size = 'md',
  invalid,
  startAdornment,
  endAdornment,
  mono = false,
  frameClassName,
  className,
  type = 'text',
  ...rest
}: TextInputProps) {
  useGroupStylesheet(formsPart);
  const { invalid: isInvalid, ...wiring } = useFieldControl({ ...rest, invalid });
  return (
    <InputFrame
      size={size}
      invalid={isInvalid}
      disabled={Boolean(wiring.disabled)}
      startAdornment={startAdornment}
      endAdornment={endAdornment}
      className={frameClassName}
    >
      <input
        type={type}
        className={cx('pui-input', mono && 'pui-input--mono', className)}
        {...rest}
        {...wiring}
      />
    </InputFrame>
  );
}
