/**
 * Amounts in words, Brazilian Portuguese ("valor por extenso"), for the
 * message templates' {total_extenso} and the printed documents:
 * 123456 centavos → 'mil duzentos e trinta e quatro reais e cinquenta e seis
 * centavos'.
 *
 * Rules (the usual pt-BR writing of cheques and receipts): 'e' joins the
 * hundreds, tens and units inside a group; between groups 'e' is written
 * only before a last group that is under a hundred or a round hundred
 * ('mil e cem', 'mil e vinte', 'dois milhões e trezentos mil', but 'mil
 * duzentos e trinta'); 'cem' alone, 'cento e ...' otherwise; 'mil', never
 * 'um mil'; 'um milhão', 'dois milhões'; 'de reais' after a round million
 * ('um milhão de reais'); 'um real', 'um centavo', 'zero reais'.
 */
import type { Cents } from './money';

const UNITS = ['zero', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove'];
const TEENS = ['dez', 'onze', 'doze', 'treze', 'quatorze', 'quinze', 'dezesseis', 'dezessete', 'dezoito', 'dezenove'];
const TENS = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'];
const HUNDREDS = ['', 'cento', 'duzentos', 'trezentos', 'quatrocentos', 'quinhentos', 'seiscentos', 'setecentos', 'oitocentos', 'novecentos'];
/** Scale words per group of three digits: [singular, plural]. */
const SCALES: Array<[string, string]> = [
  ['', ''],
  ['mil', 'mil'],
  ['milhão', 'milhões'],
  ['bilhão', 'bilhões'],
  ['trilhão', 'trilhões'],
];

/** 0 < n < 1000 in words. */
function groupWords(n: number): string {
  if (n === 100) return 'cem';
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) parts.push(HUNDREDS[hundreds]!);
  if (rest >= 20) {
    parts.push(TENS[Math.floor(rest / 10)]!);
    if (rest % 10 > 0) parts.push(UNITS[rest % 10]!);
  } else if (rest >= 10) parts.push(TEENS[rest - 10]!);
  else if (rest > 0) parts.push(UNITS[rest]!);
  return parts.join(' e ');
}

/** A non-negative integer in words ('mil e um', 'dois milhões trezentos mil'). */
export function integerInWords(value: number): string {
  const n = Math.floor(Math.abs(value));
  if (n === 0) return UNITS[0]!;
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  if (groups.length > SCALES.length) return String(n);
  const words: string[] = [];
  for (let index = groups.length - 1; index >= 0; index--) {
    const group = groups[index]!;
    if (group === 0) continue;
    const [singular, plural] = SCALES[index]!;
    // 'mil', never 'um mil'.
    const number = index === 1 && group === 1 ? '' : groupWords(group);
    const scale = index === 0 ? '' : group === 1 ? singular : plural;
    words.push([number, scale].filter(Boolean).join(' '));
  }
  if (words.length === 1) return words[0]!;
  const last = groups.find((group) => group > 0)!;
  const joinWithE = last > 0 && (last < 100 || last % 100 === 0);
  const head = joinWithE ? words.slice(0, -1) : words;
  const tail = joinWithE ? ` e ${words[words.length - 1]}` : '';
  return head.join(' ') + tail;
}

/** Centavos → 'mil e cem reais e cinco centavos'; null or not finite → ''. */
export function reaisInWords(cents: Cents | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const whole = Math.round(Math.abs(cents));
  const reais = Math.floor(whole / 100);
  const centavos = whole % 100;
  const parts: string[] = [];
  if (reais > 0 || centavos === 0) {
    // 'um milhão de reais', 'dois mil reais'.
    const roundMillions = reais >= 1_000_000 && reais % 1_000_000 === 0;
    parts.push(`${integerInWords(reais)}${roundMillions ? ' de' : ''} ${reais === 1 ? 'real' : 'reais'}`);
  }
  if (centavos > 0) parts.push(`${integerInWords(centavos)} ${centavos === 1 ? 'centavo' : 'centavos'}`);
  return `${cents < 0 ? 'menos ' : ''}${parts.join(' e ')}`;
}
