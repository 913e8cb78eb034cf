// Reading a JSON request body, validated with zod at the boundary: one reader for every
// service, answering a bad body in that service's own error shape (docs/errors.md). The service
// hands over its error factories; whatever they build is thrown, so the service's `onError`
// answers it like any other of its errors:
//
//   const invalidBody: JsonBodyErrors = {
//     malformed: () => storageErrors.invalidRequest('The request body is not valid JSON'),
//     invalid: (issues) => storageErrors.invalidRequest(describeIssues(issues, { root: 'body', qualify: true })),
//   };
//   const body = await readJsonBody(c, schema, invalidBody, { whenEmpty: {} });
import type { z } from 'zod';

/** One reason the schema refused the body. */
export interface JsonBodyIssue {
  /** Where, as a dotted path (`messages.0.topic`); '' for the body itself. */
  field: string;
  message: string;
  /** zod's issue code (`invalid_type`, `too_small`, …), for a service whose words depend on it. */
  code: string;
  /** For `invalid_type`: the type the schema wanted (`string`, `object`, `record`, …). */
  expected?: string;
}

/** A service's errors for a bad body, each in the service's own shape. */
export interface JsonBodyErrors {
  /** The body is not JSON, or empty without `whenEmpty`; `reason` is the parser's words. */
  malformed(reason: string): Error;
  /** The JSON does not match the schema: every issue, in zod's order. */
  invalid(issues: readonly JsonBodyIssue[]): Error;
}

export interface JsonBodyOptions {
  /** What an empty (or all-whitespace) body stands for, e.g. `{}` as storage-api reads it. */
  whenEmpty?: unknown;
  /** Checks the text before it is parsed (auth: its size); throws the service's error to refuse it. */
  beforeParse?(text: string): void;
  /**
   * Runs between parsing and the schema (auth: a JSON object, no NUL characters); returns what the
   * schema checks, or throws the service's error to refuse it.
   */
  beforeValidate?(value: unknown): unknown;
}

export const EMPTY_BODY_REASON = 'the body is empty';

/**
 * The request's JSON body, checked by `schema`. Reads the body through `c.req.text()`, which
 * keeps the text (the console's request log shows it).
 */
export async function readJsonBody<Schema extends z.ZodType>(
  c: { req: { text(): Promise<string> } },
  schema: Schema,
  errors: JsonBodyErrors,
  options: JsonBodyOptions = {},
): Promise<z.output<Schema>> {
  const text = await c.req.text();
  options.beforeParse?.(text);
  let value: unknown;
  if (text.trim() === '') {
    if (!('whenEmpty' in options)) throw errors.malformed(EMPTY_BODY_REASON);
    value = options.whenEmpty;
  } else {
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw errors.malformed((error as Error).message);
    }
  }
  if (options.beforeValidate) value = options.beforeValidate(value);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw errors.invalid(
      parsed.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.'),
        message: issue.message,
        code: issue.code,
        ...(issue.code === 'invalid_type' ? { expected: issue.expected } : {}),
      })),
    );
  }
  return parsed.data;
}

export interface IssueNaming {
  /** The body's own name, e.g. `body`. */
  root: string;
  /** Name fields under the root (`body.name`) instead of alone (`name`). */
  qualify?: boolean;
}

/** `field: message` for each issue, joined by `; ` (`body.name: Required; body.public: …`). */
export function describeIssues(
  issues: readonly Pick<JsonBodyIssue, 'field' | 'message'>[],
  { root, qualify = false }: IssueNaming,
): string {
  return issues
    .map(({ field, message }) => {
      const name = field === '' ? root : qualify ? `${root}.${field}` : field;
      return `${name}: ${message}`;
    })
    .join('; ');
}
