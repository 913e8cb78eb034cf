// Sign-in messages of Web3 wallets: EIP-4361 "Sign in with Ethereum" and its Solana twin
// (SIWS), parsed line by line as GoTrue's siwe and siws parsers read them — the header names
// the domain and the chain, the second line the address, an optional statement, then
// "Key: value" fields in any order (docs/compatibility.md#auth-web3-sign-in).

export type Web3Chain = 'ethereum' | 'solana';

export interface SignInMessage {
  chain: Web3Chain;
  raw: string;
  domain: string;
  /** Ethereum: lowercased, as GoTrue keys the identity; Solana: the base58 public key as written. */
  address: string;
  statement: string | null;
  uri: URL;
  version: string;
  /** Ethereum: the EIP-155 chain id; Solana: mainnet, devnet or testnet, when given. */
  chainId: string | null;
  nonce: string | null;
  issuedAt: Date;
  expirationTime: Date | null;
  notBefore: Date | null;
  requestId: string | null;
  resources: URL[];
}

/** A message that is not a sign-in message of its chain; the text is GoTrue's parser error. */
export class SignInMessageError extends Error {
  override readonly name = 'SignInMessageError';
}

const CHAIN_NAMES: Record<Web3Chain, string> = { ethereum: 'Ethereum', solana: 'Solana' };

const ADDRESS: Record<Web3Chain, RegExp> = {
  ethereum: /^0x[a-fA-F0-9]{40}$/,
  solana: /^[a-zA-Z0-9]{32,44}$/,
};

const SOLANA_NETWORKS = new Set(['mainnet', 'devnet', 'testnet']);

/** RFC 3339 with an offset or Z, as Go's time.RFC3339(Nano) accepts it. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function timestamp(value: string, what: string): Date {
  const date = new Date(value);
  if (!RFC3339.test(value) || Number.isNaN(date.getTime())) {
    throw new SignInMessageError(`${what} is not a valid RFC 3339 timestamp`);
  }
  return date;
}

/** Go's url.ParseRequestURI: an absolute URI (or an absolute path, which no sign-in uses). */
function requestUri(value: string, what: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new SignInMessageError(`${what} is not a valid URI`);
  }
}

function isValidDomain(domain: string): boolean {
  if (domain === '' || /[\s/?#@]/.test(domain)) return false;
  try {
    return new URL(`https://${domain}`).hostname !== '';
  } catch {
    return false;
  }
}

export function parseSignInMessage(chain: Web3Chain, raw: string): SignInMessage {
  const lines = raw.split('\n');
  if (lines.length < 6) throw new SignInMessageError('message needs at least 6 lines');
  const headerSuffix = ` wants you to sign in with your ${CHAIN_NAMES[chain]} account:`;
  if (!lines[0]!.endsWith(headerSuffix)) {
    throw new SignInMessageError(`message first line does not end in "${headerSuffix.trim()}"`);
  }
  const domain = lines[0]!.slice(0, -headerSuffix.length).trim();
  if (!isValidDomain(domain)) throw new SignInMessageError('message domain is not valid');
  let address = lines[1]!.trim();
  if (!ADDRESS[chain].test(address)) throw new SignInMessageError('message address is not valid');
  // Ethereum addresses are case-insensitive (EIP-55 case is only a checksum).
  if (chain === 'ethereum') address = address.toLowerCase();
  if (lines[2] !== '') throw new SignInMessageError('message third line must be empty');

  let statement: string | null = null;
  let start = 3;
  if (lines[3] !== '' && lines[4] === '') {
    statement = lines[3]!;
    start = 5;
  }

  const fields: Partial<Omit<SignInMessage, 'chain' | 'raw' | 'domain' | 'address'>> = {};
  const resources: URL[] = [];
  let inResources = false;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (inResources) {
      if (line.startsWith('- ')) {
        resources.push(requestUri(line.slice(2).trim(), `resource ${resources.length}`));
        continue;
      }
      inResources = false;
    }
    if (line === 'Resources:') {
      inResources = true;
      continue;
    }
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon < 0) throw new SignInMessageError(`message line ${i} is not "Key: value"`);
    const key = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    switch (key) {
      case 'URI':
        fields.uri = requestUri(value, 'URI');
        break;
      case 'Version':
        fields.version = value;
        break;
      case 'Chain ID':
        if (
          chain === 'ethereum'
            ? !/^\d+$/.test(value)
            : value !== '' && !SOLANA_NETWORKS.has(value.toLowerCase())
        ) {
          throw new SignInMessageError('Chain ID is not valid');
        }
        fields.chainId = value || null;
        break;
      case 'Nonce':
        fields.nonce = value || null;
        break;
      case 'Issued At':
        fields.issuedAt = timestamp(value, 'Issued At');
        break;
      case 'Expiration Time':
        fields.expirationTime = timestamp(value, 'Expiration Time');
        break;
      case 'Not Before':
        fields.notBefore = timestamp(value, 'Not Before');
        break;
      case 'Request ID':
        fields.requestId = value;
        break;
      default:
        // GoTrue ignores fields it does not know.
        break;
    }
  }

  if (fields.version !== '1') {
    throw new SignInMessageError(
      `unsupported version "${fields.version ?? ''}", only "1" is supported`,
    );
  }
  if (!fields.issuedAt) throw new SignInMessageError('Issued At is required');
  if (!fields.uri) throw new SignInMessageError('URI is required');
  const expirationTime = fields.expirationTime ?? null;
  const notBefore = fields.notBefore ?? null;
  if (expirationTime && fields.issuedAt > expirationTime) {
    throw new SignInMessageError('Issued At is after Expiration Time');
  }
  if (notBefore && expirationTime && notBefore > expirationTime) {
    throw new SignInMessageError('Not Before is after Expiration Time');
  }
  return {
    chain,
    raw,
    domain,
    address,
    statement,
    uri: fields.uri,
    version: fields.version,
    chainId: fields.chainId ?? null,
    nonce: fields.nonce ?? null,
    issuedAt: fields.issuedAt,
    expirationTime,
    notBefore,
    requestId: fields.requestId ?? null,
    resources,
  };
}
