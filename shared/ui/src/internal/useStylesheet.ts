import { useInsertionEffect } from 'react';
import { ensureStylesheet } from '../styles/ensureStylesheet.js';

/** Every component calls this so a remote that renders only a Button still gets styled. */
export function useStylesheet(): void {
  useInsertionEffect(() => ensureStylesheet(), []);
}
