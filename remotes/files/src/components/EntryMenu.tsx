// One file's or folder's actions as a menu (the WAI-ARIA menu button of @portal/ui): a "More
// actions for <name>" button on every row and tile, reached with Tab and opened with Enter, Space
// or the arrow keys; a right click on the row or tile opens the same menu (it presses this button,
// so focus, Escape and the return of focus work as from the keyboard). Only what the person may do
// is offered.
import { Menu, MenuItem, MenuList, MenuSeparator, MenuTrigger, MoreIcon } from '@portal/ui';
import { forwardRef, type ReactNode } from 'react';
import type { Entry } from '../storage-access.js';

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
  return (
    <Menu className="files-entry-menu">
      <MenuTrigger
        ref={ref}
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
