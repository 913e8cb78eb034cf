/** @jest-environment jsdom */
import { htmlToText, readDocumentFile, sourceOfFile } from './extract-text.js';

describe('extract-text', () => {
  it('names the source of a file by its extension or type', () => {
    expect(sourceOfFile('notes.md', '')).toBe('markdown');
    expect(sourceOfFile('page.HTML', '')).toBe('html');
    expect(sourceOfFile('a', 'text/plain')).toBe('text');
    expect(sourceOfFile('scan.PDF', '')).toBe('pdf');
    expect(sourceOfFile('download', 'application/pdf')).toBe('pdf');
    expect(sourceOfFile('sheet.xlsx', 'application/vnd.ms-excel')).toBeNull();
  });

  it('turns HTML into text with Markdown headings, leaving scripts out', () => {
    const { title, text } = htmlToText(
      '<html><head><title>Guide</title><script>alert(1)</script></head><body><h1>Refunds</h1><p>Money <b>back</b> in five days.</p><ul><li>One</li><li>Two</li></ul><script>steal()</script></body></html>',
    );
    expect(title).toBe('Guide');
    expect(text).toBe('# Refunds\n\nMoney back in five days.\n\nOne\n\nTwo');
  });

  it('titles a Markdown file by its first heading, a text file by its name', async () => {
    const md = await readDocumentFile(
      new File(['Intro\n\n## Care guide\n\nWater daily.'], 'plants.md'),
    );
    expect(md).toMatchObject({ title: 'Care guide', source: 'markdown', fileName: 'plants.md' });
    const txt = await readDocumentFile(
      new File(['plain words'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(txt).toMatchObject({ title: 'notes', source: 'text', text: 'plain words' });
    await expect(readDocumentFile(new File(['x'], 'sheet.xlsx'))).rejects.toThrow(
      /sheet\.xlsx: only text \(\.txt\), Markdown \(\.md\), HTML \(\.html\) and PDF \(\.pdf\) files/,
    );
    // A blob downloaded from storage is read under the name it is stored as.
    const stored = await readDocumentFile(new Blob(['# Stored\n\nFrom storage.']), 'notes/s.md');
    expect(stored).toMatchObject({ title: 'Stored', source: 'markdown', fileName: 'notes/s.md' });
  });
});
