/**
 * The WhatsApp link of a message to a phone (wa.me "click to chat"), the
 * one function the server (`POST api/quotation/{id}/send/whatsapp`) and the
 * device (offline) use, so both open the same link.
 *
 * The phone is a Brazilian number, written with digits and the mask's
 * characters only (spaces, parentheses, hyphens, dots, a leading +): any
 * other character ('(11) 9999-9999?x=1') makes it no phone, rather than
 * its digits being picked out of it. Reduced to its digits (leading zeros of
 * a trunk prefix dropped), it has 10 or 11 digits (area code and number),
 * which get the country code 55 in front, or 12 or 13 starting with 55.
 * Anything else is null.
 */
import { onlyDigits } from './masks';

const BRAZIL = '55';
/** Digits and the characters a phone is written with. */
const PHONE_TEXT = /^\+?[0-9 \u00a0().-]+$/;

/** Digits wa.me expects (55 first), or null when the phone cannot be a Brazilian number. */
export function whatsappPhone(phone: string | null | undefined): string | null {
  const typed = (phone ?? '').trim();
  if (!PHONE_TEXT.test(typed)) return null;
  const digits = onlyDigits(typed).replace(/^0+/, '');
  if (digits.length === 10 || digits.length === 11) return `${BRAZIL}${digits}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith(BRAZIL)) return digits;
  return null;
}

/** 'https://wa.me/5511987654321?text=Ol%C3%A1' or null when the phone is not usable. */
export function whatsappLink(phone: string | null | undefined, message: string): string | null {
  const number = whatsappPhone(phone);
  if (number === null) return null;
  const text = message.trim();
  return text === '' ? `https://wa.me/${number}` : `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
