import type { ReactNode } from 'react';
import { ACCOUNT_PAGES } from './account-paths.js';

const TABS = [
  { href: ACCOUNT_PAGES.profile, label: 'Profile' },
  { href: ACCOUNT_PAGES.security, label: 'Security' },
] as const;

/** Links between the signed-in account pages (plain links: the platform navigates without a reload). */
export function AccountTabs({ current }: { current: string }): ReactNode {
  return (
    <nav className="account-tabs" aria-label="Account sections">
      {TABS.map((tab) => (
        <a key={tab.href} href={tab.href} className="account-tab" aria-current={tab.href === current ? 'page' : undefined}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}
