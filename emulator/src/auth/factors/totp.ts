// TOTP factors as GoTrue makes them (docs/compatibility.md#auth-shapes): a base32 secret, an
// otpauth:// URI (SHA1, 6 digits, 30 s), its QR code as an SVG document, and verification with one
// step of clock skew either way.
import * as OTPAuth from 'otpauth';

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totp(secret: string, issuer = '', label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function totpUri(secret: string, issuer: string, account: string): string {
  return totp(secret, issuer, account).toString();
}

/** The enrolment QR code as SVG; qrcode is loaded on the first TOTP enrolment, not at start. */
export async function totpQrSvg(uri: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
}

export function isValidTotp(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    return totp(secret).validate({ token: code, window: 1 }) !== null;
  } catch {
    return false;
  }
}
