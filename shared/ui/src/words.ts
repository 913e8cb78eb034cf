// @portal/ui/words — sentences for people, built one way in every app: a count with its noun
// ("1 passage", "1,040 passages"), a range that may be a single number ("126 characters",
// "80–126 characters"), a noun with its article ("an application/pdf file"), and what a request
// that got no answer means.
// Not a shared singleton: plain functions without state, bundled by each app that imports them
// (well under a kilobyte), so an app using them needs no newer shell (see README.md).
export { countOf, countRange, type Noun } from './words/counts.js';
export { withArticle } from './words/articles.js';
export { isUnanswered, UNANSWERED, READ_AGAIN_WHEN_ANSWERED } from './words/unanswered.js';
