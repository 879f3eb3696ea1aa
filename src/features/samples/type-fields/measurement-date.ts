/** The day a calibration is judged against: the measurement's date when typed, else today. */
import { parseDateBR } from '@/domain/dates';
import { todayIso } from '@/ui/inputs/date-text';

export function measurementDay(typed: string | undefined, today: string = todayIso()): string {
  return parseDateBR(typed ?? '') ?? today;
}
