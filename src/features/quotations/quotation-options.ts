/**
 * The exposition types and payment types a quotation row and its payment
 * choose from. The server serves them (GET api/quotation/exposition and
 * api/quotation/payment-type) but they are not kept on the device yet;
 * until they are (as read-only resources), the form offers the server's
 * reference lists, same ids and names (server/db/seed/reference-data.ts).
 */
export const EXPOSITION_TYPES = [
  { id: 1, name: 'Contínua' },
  { id: 2, name: 'Intermitente' },
  { id: 3, name: 'Eventual' },
] as const;

export const PAYMENT_TYPES = [
  { id: 1, name: 'Boleto' },
  { id: 2, name: 'PIX' },
  { id: 3, name: 'Transferência' },
  { id: 4, name: 'Cartão' },
] as const;
