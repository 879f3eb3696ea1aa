/**
 * Suggestions for the agent fields that the chemical results choose from a
 * list (action in body, skin notation, IPVS, odor limit, respirator): the
 * default option lists of Settings > Resultados. The fields stay free text,
 * so a value outside the list (or a list changed in the settings) is kept.
 */
import { defaultResultThresholds } from '@/domain/result-thresholds';

const options = defaultResultThresholds().chemical.options;
const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

export const AGENT_SUGGESTIONS = {
  actionInBody: names(options.action_in_body),
  notionSkin: names(options.notion_skin),
  ipvs: names(options.ipvs),
  odorLimit: names(options.odor_limit),
  respirator: names(options.respirator),
} as const;
