import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { useFieldControl } from './fieldContext.js';
import { InputFrame } from './InputFrame.js';
import { formsPart } from './forms.css.js';

export interface TextareaProps extends ComponentPropsWithRef<'textarea'> {
  invalid?: boolean;
  /** Monospace text, for JSON and code. */
  mono?: boolean;
  frameClassName?: string;
}

export function Textarea({ invalid, mono = false, rows = 3, frameClassName, className, ...rest }: TextareaProps) {
  useGroupStylesheet(formsPart);
  const { invalid: isInvalid, ...wiring } = useFieldControl({ ...rest, invalid });
  return (
    <InputFrame invalid={isInvalid} disabled={Boolean(wiring.disabled)} className={cx('pui-textarea-wrap', frameClassName)}>
      <textarea
        rows={rows}
        className={cx('pui-input', 'pui-textarea', mono && 'pui-input--mono', className)}
        {...rest}
        {...wiring}
      />
    </InputFrame>
  );
}
