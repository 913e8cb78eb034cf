/** @jest-environment jsdom */
// The security page draws its cards once every first read has answered, by unhiding them (issue
// #40: CLS). Unhiding them must not render the cards again: 60-odd components, each following its
// own reads, in one task at a phone's CPU (issue #40: TBT). The cards stand in for themselves here
// and count their renders.
import '@testing-library/jest-dom';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

const mockRenders: string[] = [];
function mockCard(name: string) {
  return function Card(): ReactNode {
    mockRenders.push(name);
    return <section aria-label={name} />;
  };
}
jest.mock('./PasskeysCard.js', () => ({ PasskeysCard: mockCard('passkeys') }));
jest.mock('./FactorsCard.js', () => ({ FactorsCard: mockCard('factors') }));
jest.mock('./SecurityKeysCard.js', () => ({ SecurityKeysCard: mockCard('security keys') }));
jest.mock('./IdentitiesCard.js', () => ({ IdentitiesCard: mockCard('identities') }));
jest.mock('../oauth/ConnectedAppsCard.js', () => ({ ConnectedAppsCard: mockCard('connected apps') }));
jest.mock('./SessionsCard.js', () => ({ SessionsCard: mockCard('sessions') }));

import { SecurityPage } from './SecurityPage.js';

it('shows its cards without rendering them again', () => {
  const onFirstReads = () => undefined;
  const { container, rerender } = render(<SecurityPage shown={false} onFirstReads={onFirstReads} />);
  expect(mockRenders).toHaveLength(6);
  expect(container.firstElementChild).not.toBeVisible();
  rerender(<SecurityPage shown onFirstReads={onFirstReads} />);
  expect(container.firstElementChild).toBeVisible();
  expect(container.querySelectorAll('section')).toHaveLength(6);
  expect(mockRenders).toHaveLength(6);
});
