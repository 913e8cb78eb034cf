import { ssoDomainOf } from './sso-domain.js';

describe('the domain single sign-on is looked up by', () => {
  it('takes the domain of a work email, or a domain as typed, lower-cased', () => {
    expect(ssoDomainOf(' Ada@Acme.Test ')).toEqual({ domain: 'acme.test' });
    expect(ssoDomainOf('labs.acme.com')).toEqual({ domain: 'labs.acme.com' });
  });

  it('says what is wrong with an empty entry or one that is neither', () => {
    expect(ssoDomainOf('  ')).toEqual({ error: expect.stringMatching(/^Enter your work email/) });
    expect(ssoDomainOf('acme')).toEqual({ error: expect.stringMatching(/“acme” is not an email address or a domain/) });
    expect(ssoDomainOf('@acme.com')).toEqual({ error: expect.stringMatching(/is not an email address or a domain/) });
    expect(ssoDomainOf('ada@acme..com')).toEqual({ error: expect.stringMatching(/is not an email address/) });
  });
});
