// A CSV file as rows and columns, parsed by Papa Parse (quotes, embedded commas and newlines,
// the delimiter guessed from the text). Only the first rows are shown; the count says how many
// there are in all.
import Papa from 'papaparse';

export interface CsvTable {
  header: string[];
  rows: string[][];
  /** Data rows in the file (the header not counted). */
  totalRows: number;
  /** The parser's first complaint, in its words with the row it concerns. */
  problem: string | null;
}

export const CSV_ROW_LIMIT = 500;

export function parseCsvTable(text: string, limit = CSV_ROW_LIMIT): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...rows] = parsed.data;
  const width = Math.max(header.length, ...rows.slice(0, limit).map((row) => row.length));
  const pad = (row: string[]) => [...row, ...Array<string>(width - row.length).fill('')];
  const first = parsed.errors[0];
  return {
    header: pad(header).map((name, index) => name || `Column ${index + 1}`),
    rows: rows.slice(0, limit).map(pad),
    totalRows: rows.length,
    problem: first ? `Row ${(first.row ?? 0) + 1}: ${first.message}` : null,
  };
}
