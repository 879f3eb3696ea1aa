/**
 * The Resultados form's values (samples.md sections 3 and 5): the result
 * thresholds as the inputs hold them (bounds as typed text, '0,5' or '0.5'),
 * the check of the spec (every filled bound a number; its two messages, on
 * the offending fields) by the domain's validators, and the output saved as
 * `result_chemical` and `result_noise`: bounds as numbers (empty → no
 * bound), option lists without blank names.
 */
import { z } from 'zod';
import { RESULT_OPTIONS } from '@sync/contract/settings-groups';
import { parseDecimal } from '@/domain/decimal';
import type { ChemicalThresholds, NoiseLevels, NoiseThresholds, ResultThresholds } from '@/domain/result-thresholds';
import { LEVEL_KEYS, type LevelKey, OPTION_KEYS, RISK_KEYS, type RiskKey } from '@/domain/result-thresholds-parse';
import { validateChemicalThresholds, validateNoiseThresholds } from '@/domain/result-thresholds-validate';

export type OptionKey = (typeof OPTION_KEYS)[number];
export type RiskValues = { min: string; max: string; conclusion: string; color: string };
export type LevelValues = {
  dailyDoseMin: string;
  dailyDoseMax: string;
  min: string;
  max: string;
  technicalConsiderations: string;
  recommendedAction: string;
  bgColor: string;
};
export type NormKey = 'nho' | 'nr15';
export type ResultsValues = {
  chemical: {
    risks: Record<RiskKey, RiskValues>;
    lq: { conclusion: string; color: string };
    options: Record<OptionKey, Array<{ name: string }>>;
  };
  noise: Record<NormKey, Record<LevelKey, LevelValues>>;
};

/** 0.5 → '0,5' (as Brazilian users read it); no bound → ''. */
export function boundText(value: number | null): string {
  return value === null ? '' : String(value).replace('.', ',');
}

const boundValue = (text: string): number | null => parseDecimal(text);

function map<K extends string, A, B>(keys: readonly K[], source: Record<K, A>, f: (value: A) => B): Record<K, B> {
  return Object.fromEntries(keys.map((key) => [key, f(source[key])])) as Record<K, B>;
}

function levelValues(levels: NoiseLevels): Record<LevelKey, LevelValues> {
  return map(LEVEL_KEYS, levels, (level) => ({
    dailyDoseMin: boundText(level.dailyDoseMin),
    dailyDoseMax: boundText(level.dailyDoseMax),
    min: boundText(level.min),
    max: boundText(level.max),
    technicalConsiderations: level.technicalConsiderations,
    recommendedAction: level.recommendedAction,
    bgColor: level.bgColor,
  }));
}

export function resultsValues(thresholds: ResultThresholds): ResultsValues {
  const { chemical, noise } = thresholds;
  return {
    chemical: {
      risks: map(RISK_KEYS, chemical.risks, (risk) => ({
        min: boundText(risk.min),
        max: boundText(risk.max),
        conclusion: risk.conclusion,
        color: risk.color,
      })),
      lq: { ...chemical.lq },
      // One blank row for an empty list: the lists always show one.
      options: map(OPTION_KEYS, chemical.options, (items) => (items.length > 0 ? items.map((item) => ({ name: item.name })) : [{ name: '' }])),
    },
    noise: { nho: levelValues(noise.nho), nr15: levelValues(noise.nr15) },
  };
}

function chemicalOutput(values: ResultsValues['chemical']): ChemicalThresholds {
  return {
    risks: map(RISK_KEYS, values.risks, (risk) => ({
      min: boundValue(risk.min),
      max: boundValue(risk.max),
      conclusion: risk.conclusion,
      color: risk.color,
    })),
    lq: { conclusion: values.lq.conclusion, color: values.lq.color },
    options: map(OPTION_KEYS, values.options, (items) => items.map((item) => ({ name: item.name.trim() })).filter((item) => item.name !== '')),
  };
}

function noiseOutput(values: ResultsValues['noise']): NoiseThresholds {
  const levels = (norm: Record<LevelKey, LevelValues>): NoiseLevels =>
    map(LEVEL_KEYS, norm, (level) => ({
      dailyDoseMin: boundValue(level.dailyDoseMin),
      dailyDoseMax: boundValue(level.dailyDoseMax),
      min: boundValue(level.min),
      max: boundValue(level.max),
      technicalConsiderations: level.technicalConsiderations,
      recommendedAction: level.recommendedAction,
      bgColor: level.bgColor,
    }));
  return { nho: levels(values.nho), nr15: levels(values.nr15) };
}

/** The form's schema: the spec's two checks on the fields, then the options to save. */
export const resultsFormSchema = z
  .custom<ResultsValues>((value) => typeof value === 'object' && value !== null)
  .superRefine((values, ctx) => {
    const chemical = validateChemicalThresholds(values.chemical);
    for (const field of chemical.fields) ctx.addIssue({ code: 'custom', path: ['chemical', ...field.split('.')], message: chemical.message ?? '' });
    const noise = validateNoiseThresholds(values.noise);
    for (const field of noise.fields) ctx.addIssue({ code: 'custom', path: ['noise', ...field.split('.')], message: noise.message ?? '' });
  })
  .transform((values) => [
    { option: RESULT_OPTIONS.chemical, value: chemicalOutput(values.chemical) },
    { option: RESULT_OPTIONS.noise, value: noiseOutput(values.noise) },
  ]);
