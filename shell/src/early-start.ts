// Runs first in the entry (index.ts): nothing the shell's start evaluates comes before these requests.
import { startEarlyRequests } from './early-fetch.js';

startEarlyRequests();
