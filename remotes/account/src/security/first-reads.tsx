// How the security page knows its cards' first reads have answered: each card with a read says so
// (its list, its error, or that the feature is off), and the page shows the cards once all have,
// all at once (SecurityPage.tsx). Outside the page (a card on another page) saying so does nothing.
import { createContext, useCallback, useContext } from 'react';
import type { SecurityCard } from './security-card-words.js';

const FirstReadAnswered = createContext<(card: SecurityCard) => void>(() => undefined);

export const FirstReadsProvider = FirstReadAnswered.Provider;

/** A stable function a card calls when its first read has answered (calling it again does nothing more). */
export function useFirstReadAnswered(card: SecurityCard): () => void {
  const answered = useContext(FirstReadAnswered);
  return useCallback(() => answered(card), [answered, card]);
}
