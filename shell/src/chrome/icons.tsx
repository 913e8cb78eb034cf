import { BoltIcon, ChatIcon, DatabaseIcon, FileIcon, FolderIcon, HomeIcon, KeyIcon, SearchIcon, SettingsIcon, TableIcon, UserIcon } from '@portal/ui';
import type { ReactNode } from 'react';

// Registry entries name an icon; unknown names fall back to a neutral one.
const ICONS: Record<string, () => ReactNode> = {
  user: () => <UserIcon />,
  key: () => <KeyIcon />,
  database: () => <DatabaseIcon />,
  table: () => <TableIcon />,
  folder: () => <FolderIcon />,
  file: () => <FileIcon />,
  search: () => <SearchIcon />,
  bolt: () => <BoltIcon />,
  chat: () => <ChatIcon />,
  home: () => <HomeIcon />,
  settings: () => <SettingsIcon />,
};

export function RemoteIcon({ name }: { name: string | undefined }): ReactNode {
  return (ICONS[name ?? ''] ?? ICONS.folder!)();
}
