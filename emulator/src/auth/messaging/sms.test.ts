import { AuthError } from '../errors.js';
import { validateChannel, validatePhone } from '../users/phone.js';
import { renderSms, smsAddress } from './sms.js';

describe('phone numbers as GoTrue stores them', () => {
  it('drops the leading +, spaces and separators', () => {
    expect(validatePhone('+1 555 123 4567')).toBe('15551234567');
    expect(validatePhone('15551234567')).toBe('15551234567');
    expect(validatePhone('+44 (20) 7946-0958')).toBe('442079460958');
    expect(smsAddress('15551234567')).toBe('+15551234567');
  });

  it('refuses numbers that are not E.164 with validation_failed', () => {
    for (const bad of ['', '+0123', '12ab34', '1', '+1234567890123456', null]) {
      expect(() => validatePhone(bad)).toThrow(AuthError);
    }
    try {
      validatePhone('abc');
    } catch (error) {
      expect(error).toMatchObject({ code: 'validation_failed', status: 400 });
    }
  });

  it('knows the sms and whatsapp channels', () => {
    expect(validateChannel(undefined)).toBe('sms');
    expect(validateChannel('whatsapp')).toBe('whatsapp');
    expect(() => validateChannel('pigeon')).toThrow(AuthError);
  });
});

describe('SMS templates', () => {
  it('fills {{ .Code }} as the Go template does', () => {
    expect(renderSms('Your code is {{ .Code }}', '123456')).toBe('Your code is 123456');
    expect(renderSms('{{.Code}} / {{  .Code  }}', '42')).toBe('42 / 42');
  });

  it('refuses placeholders it cannot fill', () => {
    expect(() => renderSms('Hi {{ .Name }}, {{ .Code }}', '1')).toThrow(/\{\{ \.Name \}\}/);
  });
});
