/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { Avatar } from './Avatar.js';

describe('Avatar', () => {
  it('shows a picture from a web, blob or data:image address', () => {
    for (const src of ['https://x.example/a.png', 'http://127.0.0.1:54321/a.png', 'blob:http://x/1', 'data:image/png;base64,AA']) {
      const { container, unmount } = render(<Avatar name="Ada Lovelace" src={src} />);
      expect(container.querySelector('img')?.getAttribute('src')).toBe(src);
      unmount();
    }
  });

  it('shows initials, and loads nothing, for an address of another scheme', () => {
    for (const src of ['javascript:window.__xss=1', ' JavaScript:alert(1)', 'data:text/html,<script>1</script>', 'x']) {
      const { container, unmount } = render(<Avatar name="Ada Lovelace" src={src} />);
      expect(container.querySelector('img')).toBeNull();
      expect(container.textContent).toBe('AL');
      unmount();
    }
  });
});
