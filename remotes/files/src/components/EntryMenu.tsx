// One file's or folder's actions as a menu (the WAI-ARIA menu button of @portal/ui): a "More
// actions for <name>" button on every row and tile, reached with Tab and opened with Enter, Space
// or the arrow keys; a right click on the row or tile opens the same menu, and so do Shift+F10 and
// the ContextMenu key on whatever of the row has focus (the browser sends those as a `contextmenu`
// event to the focused element; openEntryMenuFrom presses this button, so focus and Escape work as
// from the keyboard). A menu opened from inside its row gives focus back to where it was when it
// closes, as a system context menu does, not to this button at the row's end. Only what the person
// may do is offered.
import { Menu, MenuItem, MenuList, MenuSeparator, MenuTrigger, MoreIcon } from '@portal/ui';
import { forwardRef, useRef, type MouseEvent, type ReactNode } from 'react';
import type { Entry } from '../storage/folder-page.js';

/**
 * Where focus was in a row when its menu was opened by a `contextmenu` event, by the row's menu
 * button. A WeakMap, so a row that goes away takes its entry with it.
 */
const focusBefore = new WeakMap<HTMLButtonElement, HTMLElement>();

/**
 * A row's or tile's `contextmenu` handler: opens the menu of the entry it holds (a right click,
 * Shift+F10 or the ContextMenu key) instead of the browser's own.
 */
export function openEntryMenuFrom(event: MouseEvent<HTMLElement>): void {
  const trigger = event.currentTarget.querySelector<HTMLButtonElement>('[data-entry-menu]');
  if (!trigger) return;
  event.preventDefault();
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused !== trigger && event.currentTarget.contains(focused)) {
    focusBefore.set(trigger, focused);
  } else {
    focusBefore.delete(trigger);
  }
  trigger.click();
}

export type EntryAction = 'open' | 'download' | 'rename' | 'move' | 'copy' | 'share' | 'delete';

interface Props {
  entry: Entry;
  writable: boolean;
  onAction: (entry: Entry, action: EntryAction) => void;
}

export const EntryMenu = forwardRef<HTMLButtonElement, Props>(function EntryMenu(
  { entry, writable, onAction },
  ref,
): ReactNode {
  const act = (action: EntryAction) => () => onAction(entry, action);
  const file = entry.kind === 'file';
  const trigger = useRef<HTMLButtonElement | null>(null);
  const setTrigger = (button: HTMLButtonElement | null) => {
    trigger.current = button;
    if (typeof ref === 'function') ref(button);
    else if (ref) ref.current = button;
  };
  /**
   * The menu hands focus back to this button as it closes (Escape, a chosen item, Tab), right
   * after telling us; once it has, it goes on to where the person was in the row, if still there.
   * A close by a click elsewhere leaves focus where that click put it.
   */
  const onOpenChange = (open: boolean) => {
    const button = trigger.current;
    if (!button) return;
    const before = focusBefore.get(button);
    if (open || !before) return;
    focusBefore.delete(button);
    queueMicrotask(() => {
      if (document.activeElement === button && before.isConnected) before.focus();
    });
  };
  return (
    <Menu className="files-entry-menu" onOpenChange={onOpenChange}>
      <MenuTrigger
        ref={setTrigger}
        size="sm"
        variant="ghost"
        className="pui-icon-button"
        iconStart={<MoreIcon />}
        aria-label={`More actions for ${entry.name}`}
        title="More actions"
        data-entry-menu={entry.name}
      />
      <MenuList align="end" aria-label={`Actions for ${entry.name}`}>
        <MenuItem onSelect={act('open')}>{file ? 'Open' : 'Open folder'}</MenuItem>
        {file ? <MenuItem onSelect={act('download')}>Download</MenuItem> : null}
        {file ? <MenuItem onSelect={act('share')}>Share…</MenuItem> : null}
        {writable ? (
          <>
            <MenuSeparator />
            <MenuItem onSelect={act('rename')}>Rename…</MenuItem>
            <MenuItem onSelect={act('move')}>Move to…</MenuItem>
            {file ? <MenuItem onSelect={act('copy')}>Make a copy</MenuItem> : null}
            <MenuSeparator />
            <MenuItem tone="danger" onSelect={act('delete')}>
              Move to trash
            </MenuItem>
          </>
        ) : null}
      </MenuList>
    </Menu>
  );
});
