// A position in one query-parameter value, with the small vocabulary every PostgREST grammar
// shares (names, quoted names, JSON paths) and failures worded like PostgREST's parser
// ("failed to parse select parameter (…)" (line 1, column N), "unexpected … expecting …").
import { requestErrors, type RestError } from '../errors.js';
import type { Field, JsonStep } from './types.js';

const NAME_CHAR = /[\p{L}\p{N}_ $]/u;
/** JSON paths longer than this are refused (each step nests the SQL expression once more). */
export const MAX_JSON_PATH = 64;

export class Cursor {
  pos = 0;

  constructor(
    readonly input: string,
    /** What is being parsed, for messages: `select parameter`, `filter`, `order`… */
    readonly what: string,
  ) {}

  get atEnd(): boolean {
    return this.pos >= this.input.length;
  }

  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? '';
  }

  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  eat(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.pos += text.length;
    return true;
  }

  expect(text: string, expecting: string[] = [JSON.stringify(text)]): void {
    if (!this.eat(text)) throw this.fail(expecting);
  }

  rest(): string {
    const value = this.input.slice(this.pos);
    this.pos = this.input.length;
    return value;
  }

  /** The PGRST100 error at the current position. */
  fail(expecting: string[]): RestError {
    const found = this.atEnd ? 'end of input' : JSON.stringify(this.peek());
    const wanted =
      expecting.length > 1
        ? `${expecting.slice(0, -1).join(', ')} or ${expecting.at(-1)}`
        : expecting[0];
    return requestErrors.parse(
      this.what,
      this.input,
      this.pos + 1,
      `unexpected ${found} expecting ${wanted}`,
    );
  }

  /** A name: `"quoted \" name"` or letters, digits, `_`, `$`, spaces and `-` not starting `->`. */
  name(expecting: string[] = ['field name']): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.atEnd) {
      const char = this.peek();
      if (NAME_CHAR.test(char)) this.pos++;
      else if (char === '-' && this.peek(1) !== '>' && this.pos > start && this.peek(1) !== '')
        this.pos++;
      else break;
    }
    if (this.pos === start) throw this.fail(expecting);
    return this.input.slice(start, this.pos);
  }

  /** `"…"` with backslash escapes (PostgREST's pQuotedValue). */
  quoted(): string {
    const open = this.pos;
    this.expect('"');
    let value = '';
    while (!this.atEnd && this.peek() !== '"') {
      if (this.peek() === '\\' && this.pos + 1 < this.input.length) this.pos++;
      value += this.peek();
      this.pos++;
    }
    if (this.atEnd) {
      this.pos = open;
      throw this.fail(["closing '\"'"]);
    }
    this.pos++;
    return value;
  }

  /** `->key`, `->>key`, `->0`, `->-1`, repeated. */
  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = [];
    for (;;) {
      let op: JsonStep['op'];
      if (this.eat('->>')) op = '->>';
      else if (this.eat('->')) op = '->';
      else return steps;
      if (steps.length >= MAX_JSON_PATH)
        throw this.fail([`at most ${MAX_JSON_PATH} JSON path steps`]);
      const index = /^-?\d+(?=$|->|::|[.,)!:])/.exec(this.input.slice(this.pos));
      if (index) {
        this.pos += index[0].length;
        steps.push({ op, key: Number(index[0]) });
      } else {
        steps.push({ op, key: this.name(['json key or array index']) });
      }
    }
  }

  /** A column reference: a name and an optional JSON path. */
  field(expecting?: string[]): Field {
    const name = this.name(expecting);
    return { name, jsonPath: this.jsonPath() };
  }
}

/** Names must not carry NUL: Postgres refuses it in statement text. */
export function assertNoNul(value: string, what: string): void {
  const index = value.indexOf('\u0000');
  if (index >= 0) {
    throw requestErrors.parse(
      what,
      value.replace(/\u0000/g, '\\0'),
      index + 1,
      'unexpected NUL character',
    );
  }
}
