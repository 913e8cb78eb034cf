// "a" or "an" before a phrase, by how its first word sounds: "an application/octet-stream file",
// "a text/plain file", "an SVG", "a URL", "an hour", "a user", "an 8 MB file". English picks the
// article by sound, not spelling; these rules cover what the portal puts after an article (file
// types, abbreviations, numbers, everyday nouns), not every word of the language.

/** Letters whose name starts with a vowel sound, for abbreviations read letter by letter. */
const VOWEL_NAMED_LETTERS = 'AEFHILMNORSX';
/** Words spelt with a vowel that start with a consonant sound ("a user", "a one-off", "a European"). */
const CONSONANT_SOUND = /^(u[bcfgklmnprstvz][aeiou]|uni|use|usu|uti|eu|ewe|one$|once$)/i;
/** Words spelt with an "h" that start with a vowel sound ("an hour"). */
const SILENT_H = /^(hour|honest|honou?r|heir)/i;

/** A number is read from its first group: eight…, eleven…, eighteen… start with a vowel sound. */
function numberStartsWithVowel(digits: string): boolean {
  if (digits.startsWith('8')) return true;
  // 11 and 18, 11,000 and 18,000, 11 million…: eleven and eighteen lead; 110 or 1,800 do not.
  return /^1[18]/.test(digits) && digits.length % 3 === 2;
}

function startsWithVowelSound(phrase: string): boolean {
  const number = /^\d[\d,]*/.exec(phrase.trim())?.[0];
  if (number) return numberStartsWithVowel(number.replace(/,/g, ''));
  const word = /^\p{L}[\p{L}\p{N}]*/u.exec(phrase.trim())?.[0];
  if (!word) return false;
  // An abbreviation (SVG, HTML, MP4, URL) is read letter by letter.
  if (word.length > 1 && /^[A-Z][A-Z0-9]+$/.test(word)) return VOWEL_NAMED_LETTERS.includes(word[0]!);
  if (SILENT_H.test(word)) return true;
  if (CONSONANT_SOUND.test(word)) return false;
  return /^[aeiou]/i.test(word);
}

/** `phrase` after the article its sound asks for: "an application/pdf file", "a PNG picture". */
export function withArticle(phrase: string): string {
  return `${startsWithVowelSound(phrase) ? 'an' : 'a'} ${phrase}`;
}
