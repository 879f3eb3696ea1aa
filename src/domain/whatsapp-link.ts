/**
 * The WhatsApp link of a message to a phone (wa.me "click to chat"), the
 * one function the server (`POST api/quotation/{id}/send/whatsapp`) and the
 * device (offline) use, so both open the same link.
 *
 * The phone is reduced to its digits; a Brazilian number written without
 * the country code (10 or 11 digits: area code and number) gets 55 in front.
 * A number with fewer than 10 digits is not a phone: null.
 */
import { onlyDigits } from './masks';

const BRAZIL = '55';

/** Digits wa.me expects (country code first), or null when the phone cannot be one. */
export function whatsappPhone(phone: string | null | undefined): string | null {
  const digits = onlyDigits(phone).replace(/^0+/, '');
  if (digits.length < 10 || digits.length > 15) return null;
  return digits.length <= 11 ? `${BRAZIL}${digits}` : digits;
}

/** 'https://wa.me/5511987654321?text=Ol%C3%A1' or null when the phone is not usable. */
export function whatsappLink(phone: string | null | undefined, message: string): string | null {
  const number = whatsappPhone(phone);
  if (number === null) return null;
  const text = message.trim();
  return text === '' ? `https://wa.me/${number}` : `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
