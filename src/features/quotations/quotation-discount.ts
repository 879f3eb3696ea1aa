/**
 * The discount as typed, judged (issue 24): the message the 'Desconto'
 * field shows while it is typed and that Salvar refuses it with, in the
 * style of Qtd. and Valor un.: not a number ('Desconto inválido'), below
 * zero, more than two decimals for R$, or a R$ discount larger than the
 * subtotal (which would otherwise make the total R$ 0,00 without a word).
 * The rule is src/domain's `discountProblem`, the one the contract applies
 * on the server; a percentage above 100 is capped as typed (capDiscount).
 */
import { QUOTATION_MESSAGES } from '@sync/contract/quotations';
import { toCents } from '@/domain/money';
import { discountProblem, type DiscountProblem } from '@/domain/quotation-totals';
import { MONEY_MESSAGES, parseMoneyText } from '@/ui/inputs';

const MESSAGES: Record<DiscountProblem, string> = {
  invalid: QUOTATION_MESSAGES.discountNotNumber,
  negative: QUOTATION_MESSAGES.discountInvalid,
  aboveSubtotal: QUOTATION_MESSAGES.discountAboveSubtotal,
};

/** The message for the discount `text` of this type against the subtotal; undefined when it is fine (blank included). */
export function discountMessage(text: string, type: 'pct' | 'value', subtotalCents: number): string | undefined {
  if (type === 'value') {
    const money = parseMoneyText(text);
    if (!money.ok) {
      if (money.message === MONEY_MESSAGES.invalid) return MESSAGES.invalid;
      if (money.message === MONEY_MESSAGES.negative) return MESSAGES.negative;
      return money.message;
    }
    const problem = discountProblem('value', toCents(money.reais), subtotalCents);
    return problem ? MESSAGES[problem] : undefined;
  }
  const problem = discountProblem('pct', text, subtotalCents);
  return problem ? MESSAGES[problem] : undefined;
}
