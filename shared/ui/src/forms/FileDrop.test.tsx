/** @jest-environment jsdom */
import { fireEvent, render } from '@testing-library/react';
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
});
