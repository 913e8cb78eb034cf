import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { Button, type ButtonProps } from '../buttons/Button.js';
import { cx } from '../internal/cx.js';
import { mergeRefs } from '../internal/mergeRefs.js';
import { useStylesheet } from '../internal/useStylesheet.js';
import { TOP_LAYER, usePopupPlacement } from './popupPlacement.js';

type FocusTarget = 'first' | 'last';

interface MenuContextValue {
  open: boolean;
  focusOnOpen: FocusTarget;
  triggerId: string;
  listId: string;
  triggerRef: RefObject<HTMLButtonElement | null>;
  listRef: RefObject<HTMLDivElement | null>;
  openMenu: (focus: FocusTarget) => void;
  /** Closes; `returnFocus` puts focus back on the trigger (keyboard paths and selections). */
  closeMenu: (returnFocus: boolean) => void;
}

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenu(component: string): MenuContextValue {
  const context = useContext(MenuContext);
  if (!context) throw new Error(`@portal/ui: <${component}> must be inside <Menu>.`);
  return context;
}

export interface MenuProps extends HTMLAttributes<HTMLDivElement> {
  /** Told when the menu opens or closes (e.g. to load its items lazily). */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A menu button (the WAI-ARIA "menu button" pattern): a trigger with aria-haspopup and
 * aria-expanded, a list navigated with arrow keys, Home/End and type-ahead, closed by
 * Escape (focus returns to the trigger), Tab or a click outside.
 */
export function Menu({ onOpenChange, className, ...rest }: MenuProps) {
  useStylesheet();
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<FocusTarget>('first');
  const baseId = `pui-menu-${useId()}`;
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement | null>(null);

  const setOpenState = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const value: MenuContextValue = {
    open,
    focusOnOpen,
    triggerId: `${baseId}-trigger`,
    listId: `${baseId}-list`,
    triggerRef,
    listRef,
    openMenu: (focus) => {
      setFocusOnOpen(focus);
      setOpenState(true);
    },
    closeMenu: (returnFocus) => {
      setOpenState(false);
      if (returnFocus) triggerRef.current?.focus();
    },
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!rootRef.current?.contains(target) && !listRef.current?.contains(target)) {
        setOpen(false);
        onOpenChange?.(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpenChange]);

  return (
    <MenuContext.Provider value={value}>
      <div ref={rootRef} className={cx('pui-menu', className)} {...rest} />
    </MenuContext.Provider>
  );
}

export type MenuTriggerProps = ButtonProps;

/** The button that opens the menu. Takes every Button prop (variant, size, icons…). */
export function MenuTrigger({ onClick, onKeyDown, ref, ...rest }: MenuTriggerProps) {
  const menu = useMenu('MenuTrigger');
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    // Enter and Space reach handleClick through the button's native activation.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      menu.openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      menu.openMenu('last');
    }
  };
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (menu.open) menu.closeMenu(false);
    else menu.openMenu('first');
  };
  return (
    <Button
      ref={mergeRefs(menu.triggerRef, ref)}
      id={menu.triggerId}
      aria-haspopup="menu"
      aria-expanded={menu.open}
      aria-controls={menu.open ? menu.listId : undefined}
      onClick={handleClick}
      onKeyDown={handleKeyDown}
      {...rest}
    />
  );
}

export interface MenuListProps extends HTMLAttributes<HTMLDivElement> {
  /** Which edge of the trigger the list lines up with. */
  align?: 'start' | 'end';
}

const itemsOf = (list: HTMLElement) =>
  Array.from(list.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])'));

export function MenuList({ align = 'start', className, onKeyDown, children, ...rest }: MenuListProps) {
  const menu = useMenu('MenuList');
  const { listRef, triggerRef } = menu;

  // In the top layer (or a portal), fixed beside the trigger: a menu in a scrolling table or a card
  // with overflow hidden is never clipped.
  const layer = usePopupPlacement(menu.open, listRef, triggerRef, { align });

  useEffect(() => {
    if (!menu.open || !listRef.current) return;
    const items = itemsOf(listRef.current);
    const target = menu.focusOnOpen === 'last' ? items[items.length - 1] : items[0];
    (target ?? listRef.current).focus();
  }, [menu.open, menu.focusOnOpen, listRef]);

  if (!menu.open) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const items = itemsOf(event.currentTarget);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index < 0 ? -1 : index - 1);
        return;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        return;
      case 'End':
        event.preventDefault();
        focusAt(-1);
        return;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        menu.closeMenu(true);
        return;
      case 'Tab':
        // Focus goes back to the trigger before the browser moves it, so Tab continues
        // from the menu button (the list may live in a portal at the end of <body>).
        menu.closeMenu(true);
        return;
      default:
        if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
          // Type-ahead: the next item whose text starts with the typed character.
          const key = event.key.toLowerCase();
          const ordered = [...items.slice(index + 1), ...items.slice(0, index + 1)];
          ordered.find((item) => item.textContent?.trim().toLowerCase().startsWith(key))?.focus();
        }
    }
  };

  const list = (
    <div
      ref={listRef}
      data-pui-portal=""
      role="menu"
      id={menu.listId}
      aria-labelledby={menu.triggerId}
      tabIndex={-1}
      {...layer}
      className={cx('pui-menu__list', align === 'end' && 'pui-menu__list--end', className)}
      onKeyDown={handleKeyDown}
      {...rest}
    >
      {children}
    </div>
  );
  return TOP_LAYER ? list : createPortal(list, document.body);
}

interface MenuItemOwnProps {
  /** Runs when the item is chosen (click, Enter or Space); the menu then closes. */
  onSelect?: () => void;
  icon?: ReactNode;
  /** A hint at the end of the row, such as a keyboard shortcut. */
  shortcut?: ReactNode;
  tone?: 'default' | 'danger';
  disabled?: boolean;
  /** Makes the item a link (e.g. "Account settings"). */
  href?: string;
  children?: ReactNode;
  className?: string;
}

export type MenuItemProps = MenuItemOwnProps & Omit<AnchorHTMLAttributes<HTMLElement>, keyof MenuItemOwnProps | 'onSelect' | 'type'>;

export function MenuItem({ onSelect, icon, shortcut, tone = 'default', disabled = false, href, className, children, onClick, ...rest }: MenuItemProps) {
  const menu = useMenu('MenuItem');
  const choose = (event: MouseEvent<HTMLElement>) => {
    if (disabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
    if (event.defaultPrevented) return;
    onSelect?.();
    menu.closeMenu(true);
  };
  const content = (
    <>
      {icon ? (
        <span className="pui-menu__item-icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="pui-menu__item-label">{children}</span>
      {shortcut ? <span className="pui-menu__item-shortcut">{shortcut}</span> : null}
    </>
  );
  const common = {
    role: 'menuitem',
    tabIndex: -1,
    'aria-disabled': disabled || undefined,
    className: cx('pui-menu__item', tone === 'danger' && 'pui-menu__item--danger', className),
    onClick: choose,
    ...rest,
  };
  if (href !== undefined && !disabled) {
    return (
      <a href={href} {...common}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" {...common}>
      {content}
    </button>
  );
}

export function MenuSeparator({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div role="separator" className={cx('pui-menu__separator', className)} {...rest} />;
}

/** A non-interactive heading inside the menu, e.g. who is signed in. */
export function MenuLabel({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div role="presentation" className={cx('pui-menu__label', className)} {...rest} />;
}

/** Another name for Menu, for readers who look for a dropdown. */
export const Dropdown = Menu;
