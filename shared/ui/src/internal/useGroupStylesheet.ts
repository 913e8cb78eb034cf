import { useInsertionEffect } from 'react';
import { ensureStylePart, ensureStylesheet, type StylePart } from '@portal/ui/core';

/**
 * The components of a group outside the core (`@portal/ui/forms`, `@portal/ui/overlays`) call
 * this: the core's parts (through the one shared core) and their group's own part, if it has one.
 */
export function useGroupStylesheet(part?: StylePart): void {
  useInsertionEffect(() => {
    ensureStylesheet();
    if (part) ensureStylePart(part);
  }, [part]);
}
