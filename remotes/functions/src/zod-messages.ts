// zod/mini (the full zod was 24 KB gzipped of this remote's first page) carries no messages in
// words: a check without a message of its own says "Invalid input". The English locale is passed
// to each parse rather than set with `z.config`, which is page-wide (every copy of zod in the page
// shares one config object, the shell's and other remotes' too).
import { en } from 'zod/locales';

/** Parse options that word each issue in English ("expected array, received null"). */
export const IN_ENGLISH = { error: en().localeError };
