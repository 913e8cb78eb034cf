import type { ComponentPropsWithRef } from 'react';
import { ChevronDownIcon } from '@portal/ui/core';
import { cx } from '../internal/cx.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { useFieldControl } from './fieldContext.js';
import { InputFrame, type ControlSize } from './InputFrame.js';
import { formsPart } from './forms.css.js';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'size'> {
  /** Options as data; or pass <option> children. */
  options?: ReadonlyArray<SelectOption>;
  /** A first, empty choice such as "Choose a role…". */
  placeholder?: string;
  size?: ControlSize;
  invalid?: boolean;
  frameClassName?: string;
}

/** A styled native <select>: native keyboard behaviour and mobile pickers come for free. */
export function Select({
  options,
  placeholder,
  size = 'md',
  invalid,
  frameClassName,
  className,
  children,
  ...rest
}: SelectProps) {
  useGroupStylesheet(formsPart);
  const { invalid: isInvalid, ...wiring } = useFieldControl({ ...rest, invalid });
  return (
    <InputFrame
      size={size}
      invalid={isInvalid}
      disabled={Boolean(wiring.disabled)}
      className={cx('pui-select-wrap', frameClassName)}
    >
      <select className={cx('pui-input', 'pui-select', className)} {...rest} {...wiring}>
        {placeholder !== undefined ? (
          <option value="" disabled={Boolean(wiring.required)}>
            {placeholder}
          </option>
        ) : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <span className="pui-select-wrap__chevron" aria-hidden="true">
        <ChevronDownIcon />
      </span>
    </InputFrame>
  );
}
