import { useState, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';
import { avatarColourOf, initialsOf } from './initials.js';

export type PresenceStatus = 'online' | 'away' | 'offline';

export interface AvatarProps extends HTMLAttributes<HTMLSpanElement> {
  /** The person's name or email: the accessible name, the initials and the colour come from it. */
  name: string;
  /**
   * A picture (http(s), blob: or data:image/ address); initials are shown when absent, of
   * another scheme (a profile's `javascript:…` is never loaded) or when it fails to load.
   */
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  /** A presence dot (realtime), also spoken: "Ada Lovelace (online)". */
  status?: PresenceStatus;
  /** Hidden from screen readers, when a visible name sits next to it. */
  decorative?: boolean;
}

const PICTURE_ADDRESS = /^(https?:|blob:|data:image\/)/i;

export function Avatar({ name, src, size = 'md', status, decorative = false, className, style, ...rest }: AvatarProps) {
  useStylesheet();
  // Remember which picture failed, so a new `src` gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = status ? `${name} (${status})` : name;
  const showImage = Boolean(src && PICTURE_ADDRESS.test(src.trim())) && failedSrc !== src;
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative || undefined}
      title={decorative ? undefined : label}
      className={cx('pui-avatar-wrap', className)}
      style={style}
      {...rest}
    >
      <span
        className={cx('pui-avatar', size !== 'md' && `pui-avatar--${size}`)}
        style={showImage ? undefined : ({ '--pui-avatar-bg': avatarColourOf(name) } as CSSProperties)}
      >
        {showImage ? (
          <img className="pui-avatar__image" src={src ?? undefined} alt="" onError={() => setFailedSrc(src ?? null)} />
        ) : decorative ? (
          // Drawn, not written: decorative initials are a picture, not part of the text of the
          // button or link around them, whose accessible name must contain its visible text
          // (WCAG 2.5.3; a "D" before the address made "D demo@example.com" of it).
          <span className="pui-avatar__initials" data-initials={initialsOf(name)} />
        ) : (
          initialsOf(name)
        )}
      </span>
      {status ? <span className="pui-avatar__status" data-status={status} /> : null}
    </span>
  );
}

export interface AvatarGroupProps extends HTMLAttributes<HTMLDivElement> {
  /** Show at most this many; the rest become "+N". */
  max?: number;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode[];
}

/** Overlapping avatars, e.g. who else is viewing this table. */
export function AvatarGroup({ max = 5, size = 'md', className, children, ...rest }: AvatarGroupProps) {
  useStylesheet();
  const shown = children.slice(0, max);
  const hidden = children.length - shown.length;
  return (
    <div role="group" className={cx('pui-avatar-group', className)} {...rest}>
      {shown}
      {hidden > 0 ? (
        <span role="img" aria-label={`and ${hidden} more`} className="pui-avatar-wrap">
          <span className={cx('pui-avatar', 'pui-avatar--more', size !== 'md' && `pui-avatar--${size}`)}>+{hidden}</span>
        </span>
      ) : null}
    </div>
  );
}
