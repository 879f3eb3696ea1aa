/** Form inputs shared by the screens: money with 'R$', DD/MM/YYYY dates. */
export { MoneyInput, type MoneyInputProps } from './money-input';
export { parseMoneyText, moneyToText, MONEY_MESSAGES, type MoneyText } from './money-text';
export { DateInputBR, type DateInputBRProps } from './date-input-br';
export { parseDateText, dateToText, todayIso, DATE_PLACEHOLDER, DATE_MESSAGES, type DateText } from './date-text';
export { LocalRecordSelect, LOCAL_SELECT_TEXTS, type LocalRecordSelectProps } from './local-record-select';
