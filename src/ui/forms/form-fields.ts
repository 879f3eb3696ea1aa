/**
 * Form fields as zod schemas: what an input holds (the text as typed) on the
 * way in, the contract's field on the way out. A form schema is the
 * contract's input schema with its typed-text fields wrapped by these, so one
 * `safeParse` checks the text, turns it into the wire value and applies the
 * contract's own rules and Portuguese messages (its max length too).
 */
import { z } from 'zod';
import { parseDateText } from '../inputs/date-text';
import { parseMoneyText } from '../inputs/money-text';

/** Typed text → the value the contract field is given. */
type TextField<T, W extends z.core.$ZodType> = z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<T, string>>, W>;

// zod's `pipe` wants the wire's input to be exactly what the text becomes;
// a contract field usually takes more (`nullish` also takes undefined), which is safe.
function textInto<T, W extends z.core.$ZodType>(read: z.ZodPipe<z.ZodString, z.ZodTransform<T, string>>, wire: W): TextField<T, W> {
  return read.pipe(wire as unknown as z.core.$ZodType<z.output<W>, T>) as unknown as TextField<T, W>;
}

/** A text input for an optional contract string: trimmed, and empty becomes null. */
export function optionalText<W extends z.core.$ZodType>(wire: W) {
  return textInto(
    z.string().transform((text) => text.trim() || null),
    wire,
  );
}

/** A DD/MM/YYYY input (`DateInputBR`) for a contract date: empty becomes null, an impossible date 'Data inválida'. */
export function dateText<W extends z.core.$ZodType>(wire: W) {
  return textInto(
    z.string().transform((text, context) => {
      const date = parseDateText(text);
      if (date.ok) return date.iso;
      context.addIssue({ code: 'custom', message: date.message, input: text });
      return z.NEVER;
    }),
    wire,
  );
}

/** An 'R$' input (`MoneyInput`) for a contract amount in reais: empty becomes null (the contract says whether that is allowed). */
export function moneyText<W extends z.core.$ZodType>(wire: W) {
  return textInto(
    z.string().transform((text, context) => {
      const money = parseMoneyText(text);
      if (money.ok) return money.reais;
      context.addIssue({ code: 'custom', message: money.message, input: text });
      return z.NEVER;
    }),
    wire,
  );
}
