import { useEffect, useRef, useState, type ComponentPropsWithRef, type FormEvent, type HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { mergeRefs } from '../internal/mergeRefs.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { formsPart } from './forms.css.js';

export interface FormProps extends Omit<ComponentPropsWithRef<'form'>, 'onSubmit'> {
  /**
   * Called on submit with the default navigation already prevented (the portal is a
   * single-page app). May return a promise; once it settles and the errors it produced
   * are rendered, focus moves to the first invalid control so keyboard and screen-reader
   * users land on what needs fixing.
   */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
}

export function Form({ onSubmit, className, noValidate = true, ref, children, ...rest }: FormProps) {
  useGroupStylesheet(formsPart);
  const own = useRef<HTMLFormElement>(null);
  const [submissions, setSubmissions] = useState(0);

  useEffect(() => {
    if (submissions === 0) return;
    own.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submissions]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await onSubmit?.(event);
    } finally {
      setSubmissions((count) => count + 1);
    }
  };

  return (
    <form
      ref={mergeRefs(own, ref)}
      className={cx('pui-form', className)}
      noValidate={noValidate}
      onSubmit={(event) => void handleSubmit(event)}
      {...rest}
    >
      {children}
    </form>
  );
}

export interface FormActionsProps extends HTMLAttributes<HTMLDivElement> {
  align?: 'start' | 'end';
}

/** The row of buttons at the end of a form. */
export function FormActions({ align = 'end', className, ...rest }: FormActionsProps) {
  return <div className={cx('pui-form__actions', align === 'start' && 'pui-form__actions--start', className)} {...rest} />;
}
