// Small real PDFs for tests, written byte by byte: one Helvetica text line per string, a blank
// string leaving a paragraph gap, and `null` for a page with no text layer at all (a grey box,
// as a scan without recognised text would be). The cross-reference table carries the real
// offsets, so any reader opens them without repairing anything.

/** PDF string literal: backslash and parentheses escaped (Latin-1 text only). */
const literal = (text: string) => `(${text.replace(/([\\()])/g, '\\$1')})`;

function pageContent(lines: string[] | null): string {
  if (lines === null) return '0.6 g 72 300 450 400 re f';
  const ops = ['BT', '/F1 12 Tf', '16 TL', '72 720 Td'];
  lines.forEach((line, i) => {
    if (i > 0) ops.push(line === '' ? '0 -24 Td' : 'T*');
    if (line !== '') ops.push(`${literal(line)} Tj`);
  });
  ops.push('ET');
  return ops.join('\n');
}

/** A PDF with these pages (each a list of lines, or null for a page without text). */
export function tinyPdf(pages: (string[] | null)[], title?: string): Buffer {
  const objects: string[] = [];
  /** The new length is the object's number (they start at 1). */
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const pagesRoot = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids = pages.map((lines) => {
    const content = pageContent(lines);
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRoot} 0 R >>`;
  objects[pagesRoot - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = title ? add(`<< /Title ${literal(title)} >>`) : null;

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${info ? ` /Info ${info} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
