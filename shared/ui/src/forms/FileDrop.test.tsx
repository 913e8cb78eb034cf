/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { FileDrop } from './FileDrop.js';

describe('FileDrop', () => {
  it('hands accepted files to onFiles and the others to onRejected', () => {
    const onFiles = jest.fn();
    const onRejected = jest.fn();
    const { container } = render(<FileDrop accept="image/*" onFiles={onFiles} onRejected={onRejected} />);
    const input = container.querySelector('input[type="file"]')!;
    const picture = new File(['png'], 'a.png', { type: 'image/png' });
    const text = new File(['txt'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [picture, text] } });
    expect(onFiles).toHaveBeenCalledWith([picture]);
    expect(onRejected).toHaveBeenCalledWith([text]);
  });

  it('is a group named by its title, or by the name the app gives it', () => {
    const { unmount } = render(<FileDrop title="Drop a picture here" onFiles={() => {}} />);
    expect(screen.getByRole('group', { name: 'Drop a picture here' })).toBeInTheDocument();
    unmount();
    render(<FileDrop title="Drop a picture here" aria-label="Upload a picture" onFiles={() => {}} />);
    expect(screen.getByRole('group', { name: 'Upload a picture' })).toBeInTheDocument();
  });
});
