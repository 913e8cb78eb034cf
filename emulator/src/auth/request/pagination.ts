// GoTrue's page parameters for admin lists (`?page=&per_page=`, shared.Paginate): empty means
// the default; anything else must be a whole number in range, or the list is refused with
// 400 validation_failed "Bad Pagination Parameters: <reason>" (docs/compatibility.md#auth-admin-paging).
import { fail } from '../errors.js';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 1000;
const MAX_PAGE = 2 ** 31 - 1;
const MAX_UINT64 = 2n ** 64n - 1n;

export interface Page {
  page: number;
  perPage: number;
}

/** Go's strconv.ParseUint(value, 10, 64), with its error text. */
function parseUint(value: string): bigint {
  if (!/^[0-9]+$/.test(value)) throw new Error(`strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`);
  const parsed = BigInt(value);
  if (parsed > MAX_UINT64) throw new Error(`strconv.ParseUint: parsing ${JSON.stringify(value)}: value out of range`);
  return parsed;
}

function pageOf(page: string, perPage: string): Page {
  let pageNumber = 1n;
  let size = BigInt(DEFAULT_PER_PAGE);
  if (page !== '') {
    pageNumber = parseUint(page);
    if (pageNumber === 0n) throw new Error('page must be greater than 0');
    if (pageNumber > BigInt(MAX_PAGE)) throw new Error('page exceeds maximum allowed value');
  }
  if (perPage !== '') {
    size = parseUint(perPage);
    if (size === 0n) throw new Error('per_page must be greater than 0');
    if (size > BigInt(MAX_PER_PAGE)) throw new Error(`per_page must not exceed ${MAX_PER_PAGE}`);
  }
  return { page: Number(pageNumber), perPage: Number(size) };
}

/** The page a list request asks for; GoTrue's refusal when a parameter is not a valid one. */
export function requestedPage(query: { page?: string | undefined; per_page?: string | undefined }): Page {
  try {
    return pageOf(query.page ?? '', query.per_page ?? '');
  } catch (error) {
    fail('validation_failed', `Bad Pagination Parameters: ${(error as Error).message}`);
  }
}
