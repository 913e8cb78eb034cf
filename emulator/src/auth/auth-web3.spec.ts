import { describeWeb3DisabledChain, describeWeb3SignIn } from '../../test/auth/auth-web3.suite.js';

describeWeb3SignIn('Web3 sign-in (SIWE and SIWS) through supabase-js (PGlite)');
describeWeb3DisabledChain('Web3 sign-in with only Ethereum enabled');
