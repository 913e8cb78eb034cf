import { AuthError } from '../errors.js';
import { requestedPage } from './pagination.js';

function refusal(query: { page?: string; per_page?: string }): { code: string; status: number; message: string } {
  try {
    requestedPage(query);
  } catch (error) {
    if (error instanceof AuthError) return { code: error.code, status: error.status, message: error.message };
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

describe('requestedPage (GoTrue shared.Paginate)', () => {
  it('uses page 1 and 50 per page when the parameters are absent or empty, as supabase-js sends them', () => {
    expect(requestedPage({})).toEqual({ page: 1, perPage: 50 });
    expect(requestedPage({ page: '', per_page: '' })).toEqual({ page: 1, perPage: 50 });
    expect(requestedPage({ page: '3', per_page: '1000' })).toEqual({ page: 3, perPage: 1000 });
  });

  it.each([
    [{ page: '0' }, 'page must be greater than 0'],
    [{ per_page: '0' }, 'per_page must be greater than 0'],
    [{ page: '-1' }, 'strconv.ParseUint: parsing "-1": invalid syntax'],
    [{ per_page: 'ten' }, 'strconv.ParseUint: parsing "ten": invalid syntax'],
    [{ page: '1.5' }, 'strconv.ParseUint: parsing "1.5": invalid syntax'],
    [{ page: '+2' }, 'strconv.ParseUint: parsing "+2": invalid syntax'],
    [{ page: '99999999999999999999' }, 'strconv.ParseUint: parsing "99999999999999999999": value out of range'],
    [{ page: '2147483648' }, 'page exceeds maximum allowed value'],
    [{ per_page: '1001' }, 'per_page must not exceed 1000'],
  ])('refuses %j with 400 validation_failed "Bad Pagination Parameters: %s"', (query, reason) => {
    expect(refusal(query)).toEqual({
      code: 'validation_failed',
      status: 400,
      message: `Bad Pagination Parameters: ${reason}`,
    });
  });
});
