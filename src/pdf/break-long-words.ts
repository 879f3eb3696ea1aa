/**
 * Long words made wrappable for print. pdfmake wraps a word wider than its
 * column by searching, line after line, for the longest prefix that fits,
 * measuring the whole rest of the word each time: a cost that grows with
 * the square of the word's length (a 16,000-character word took 13.5 s and
 * 1.2 GB on the server). Here every run of more than LONG_WORD_CHARS
 * characters that pdfmake's line breaker (Unicode UAX #14, the `linebreak`
 * package) could not break gets a zero-width space (U+200B) every
 * LONG_WORD_CHARS characters: a break opportunity that prints nothing
 * (Roboto's U+200B is drawn as a zero-width blank), so the word wraps
 * inside its column and pdfmake never measures more than one short piece.
 *
 * What counts as a break is deliberately narrower than UAX #14, so that no
 * text can make a run this function thinks is broken while pdfmake does
 * not: a line end, an existing U+200B, or spaces followed by a Latin, Greek
 * or Cyrillic letter or a digit, unless what precedes the spaces is an
 * opening bracket or quote. ('( ( ( (' and '! ! ! !' are one unbreakable
 * word to UAX #14, and one run here.) Ordinary words (the longest
 * Portuguese and chemical names are well under 30 characters) are left
 * untouched.
 *
 * Space runs cannot be broken at all (UAX #14 never breaks before a
 * space), so spaces past LONG_WORD_CHARS in a row are dropped.
 *
 * A document's text is often several pieces printed as one paragraph
 * (rich text's bold and plain runs): pdfmake glues a word across pieces,
 * so the count carries from one piece to the next through a WordRun.
 */

/** The break opportunity inserted: U+200B ZERO WIDTH SPACE. */
export const WORD_BREAK = '\u200b';

/**
 * The longest run printed as is. Longer than any word these documents
 * hold in the normal course (30 characters; 'hexametilenodiisocianato' is
 * 24), short enough that pdfmake's wrap of one piece stays trivially cheap.
 */
export const LONG_WORD_CHARS = 30;

/** Where the count stands at the end of a piece (carried to the next piece of the same paragraph). */
export interface WordRun {
  /** Characters since the last break opportunity. */
  length: number;
  /** Spaces in a row at the end so far (0: the last character was no space). */
  spaces: number;
  /** The last character other than a space lets a line break after spaces that follow it (not NO_BREAK_AFTER). */
  breaksAfter: boolean;
}

/** A paragraph's start: nothing counted yet. */
export const newWordRun = (): WordRun => ({ length: 0, spaces: 0, breaksAfter: false });

/** Mandatory line ends (UAX #14 BK, CR, LF, NL: always a break) and U+200B (a break after it, whatever follows). */
const RESETS = new Set(['\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029', WORD_BREAK]);
/**
 * Before spaces, what keeps the next word on the line: opening brackets
 * and quotes (UAX #14 LB14 'OP SP* ×', LB15a for initial quotes). The other
 * rules that hold across spaces (LB15 to LB17) need a next character that
 * STARTS_LINE never accepts.
 */
const NO_BREAK_AFTER = /[\p{Ps}\p{Pi}¡¿]/u;
/** After spaces: a character no rule keeps on the line before (UAX #14 LB18 breaks after spaces before these). */
const STARTS_LINE = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}]/u;
/** Kept with the character before (combining marks, zero-width joiner), unless the run is twice the limit already. */
const CLINGS = /[\p{M}\u200d]/u;

/**
 * The text with a WORD_BREAK every `max` characters in each run longer
 * than `max`, and space runs cut to `max` spaces; the same string when
 * nothing needed it. `run` is updated to where the text ends, for the next
 * piece of the same paragraph.
 */
export function breakLongWords(text: string, run: WordRun = newWordRun(), max = LONG_WORD_CHARS): string {
  let out = '';
  let changed = false;
  for (const char of text) {
    if (RESETS.has(char)) {
      Object.assign(run, newWordRun());
    } else if (char === ' ') {
      if (run.spaces >= max) {
        changed = true;
        continue;
      }
      run.spaces += 1;
      run.length += 1;
    } else {
      if (run.spaces > 0 && run.breaksAfter && STARTS_LINE.test(char)) run.length = 0;
      run.spaces = 0;
      if (run.length >= max && (!CLINGS.test(char) || run.length >= 2 * max)) {
        out += WORD_BREAK;
        changed = true;
        run.length = 0;
      }
      run.length += 1;
      run.breaksAfter = !NO_BREAK_AFTER.test(char);
    }
    out += char;
  }
  return changed ? out : text;
}
