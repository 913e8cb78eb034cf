import { z } from 'zod';
import {
  describeIssues,
  EMPTY_BODY_REASON,
  readJsonBody,
  type JsonBodyErrors,
  type JsonBodyIssue,
  type JsonBodyOptions,
} from './json-body.js';

class BodyRefusal extends Error {
  constructor(
    readonly kind: 'malformed' | 'invalid',
    readonly detail: string | readonly JsonBodyIssue[],
  ) {
    super(kind);
  }
}

const errors: JsonBodyErrors = {
  malformed: (reason) => new BodyRefusal('malformed', reason),
  invalid: (issues) => new BodyRefusal('invalid', issues),
};

const schema = z.object({ name: z.string(), tags: z.array(z.string()).optional() });
const request = (text: string) => ({ req: { text: async () => text } });

async function refusal(text: string, options?: JsonBodyOptions, against: z.ZodType = schema): Promise<BodyRefusal> {
  try {
    await readJsonBody(request(text), against, errors, options);
  } catch (error) {
    if (error instanceof BodyRefusal) return error;
    throw error;
  }
  throw new Error('the body was accepted');
}

describe('readJsonBody', () => {
  it('returns the body as the schema parsed it', async () => {
    await expect(readJsonBody(request('{"name":"a","extra":1}'), schema, errors)).resolves.toEqual({ name: 'a' });
  });

  it("throws the service's malformed error with the parser's reason for text that is not JSON", async () => {
    const error = await refusal('{"name":');
    expect(error.kind).toBe('malformed');
    expect(error.detail).toMatch(/JSON/);
  });

  it('treats an empty body as malformed unless the service names what it stands for', async () => {
    expect((await refusal('  ')).detail).toBe(EMPTY_BODY_REASON);
    const error = await refusal('', { whenEmpty: {} });
    expect(error.kind).toBe('invalid');
    expect(error.detail).toEqual([{ field: 'name', message: expect.any(String), code: 'invalid_type', expected: 'string' }]);
  });

  it("throws the service's invalid error with every issue and its dotted field", async () => {
    const error = await refusal('{"name":1,"tags":["a",2]}');
    expect(error.kind).toBe('invalid');
    expect((error.detail as JsonBodyIssue[]).map((issue) => issue.field)).toEqual(['name', 'tags.1']);
  });

  it("gives each issue zod's code, and for a wrong type the type expected", async () => {
    const strict = z.object({ name: z.string().min(3), meta: z.record(z.string(), z.unknown()) });
    const error = await refusal('{"name":"ab","meta":[]}', {}, strict);
    expect(error.detail).toEqual([
      { field: 'name', message: expect.any(String), code: 'too_small' },
      { field: 'meta', message: expect.any(String), code: 'invalid_type', expected: 'record' },
    ]);
  });

  it('lets the service check the text before parsing and the value before the schema, in that order', async () => {
    const seen: string[] = [];
    const options = {
      beforeParse: (text: string) => {
        seen.push(`text ${text.length}`);
        if (text.length > 20) throw new BodyRefusal('malformed', 'too long');
      },
      beforeValidate: (value: unknown) => {
        seen.push('value');
        if (Array.isArray(value)) throw new BodyRefusal('malformed', 'not an object');
        return { ...(value as object), name: 'from the hook' };
      },
    };
    await expect(readJsonBody(request('{"name":1}'), schema, errors, options)).resolves.toEqual({ name: 'from the hook' });
    expect(seen).toEqual(['text 10', 'value']);
    // Too long even though it is not JSON: the text is checked before it is parsed.
    const long = `{"name":"${'x'.repeat(30)}`;
    expect((await refusal(long, options)).detail).toBe('too long');
    expect((await refusal('[1]', options)).detail).toBe('not an object');
    expect(seen).toEqual(['text 10', 'value', `text ${long.length}`, 'text 3', 'value']);
  });
});

describe('describeIssues', () => {
  const issues = [
    { field: '', message: 'expected an object' },
    { field: 'messages.0.topic', message: 'topic can not be blank' },
  ];

  it('names fields alone, and the body by its root name', () => {
    expect(describeIssues(issues, { root: 'body' })).toBe('body: expected an object; messages.0.topic: topic can not be blank');
  });

  it('names fields under the root when asked', () => {
    expect(describeIssues(issues, { root: 'body', qualify: true })).toBe(
      'body: expected an object; body.messages.0.topic: topic can not be blank',
    );
  });
});
