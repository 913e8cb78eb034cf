import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { IconButton } from '../buttons/IconButton.js';
import { CheckIcon, CopyIcon } from '../icons/icons.js';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';

/** Inline code: identifiers, values, commands inside a sentence. */
export function Code({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  useStylesheet();
  return <code className={cx('pui-code', className)} {...rest} />;
}

export interface CodeBlockProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The code, shown as text (never interpreted as HTML). */
  code: string;
  /** Shown in the header, e.g. "SQL", "JSON", "curl". */
  language?: string;
  /** Adds a copy-to-clipboard button (default true). */
  copyable?: boolean;
  /** Wrap long lines instead of scrolling sideways. */
  wrap?: boolean;
  /** Names the scrollable region for screen readers. */
  label?: string;
  maxHeight?: string;
}

/** A block of code with an optional language label and a copy button. */
export function CodeBlock({
  code,
  language,
  copyable = true,
  wrap = false,
  label,
  maxHeight,
  className,
  ...rest
}: CodeBlockProps) {
  useStylesheet();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    await navigator.clipboard.writeText(code);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  const copyButton = copyable ? (
    <IconButton
      size="sm"
      label={copied ? 'Copied' : 'Copy code'}
      icon={copied ? <CheckIcon /> : <CopyIcon />}
      onClick={() => void copy()}
    />
  ) : null;

  return (
    <div
      className={cx('pui-code-block', wrap && 'pui-code-block--wrap', copyable && !language && 'pui-code-block--floating-copy', className)}
      {...rest}
    >
      {language ? (
        <div className="pui-code-block__header">
          <span>{language}</span>
          {copyButton}
        </div>
      ) : null}
      {/* The region is focusable so keyboard users can scroll long code sideways. */}
      <pre
        className="pui-code-block__pre"
        tabIndex={0}
        role="region"
        aria-label={label ?? (language ? `${language} code` : 'Code')}
        style={maxHeight ? { maxHeight } : undefined}
      >
        <code>{code}</code>
      </pre>
      {language ? null : copyButton}
      <span className="pui-visually-hidden" aria-live="polite">
        {copied ? 'Copied to clipboard' : ''}
      </span>
    </div>
  );
}
