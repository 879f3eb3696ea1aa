/**
 * The caracterization's rules every sample type shares (spread into each
 * type's table): who was measured, in which function and sector, is what a
 * report cannot go out without; a duplicate is of another worker, so it
 * clears the worker (employee, register), the sample's own number and the
 * block's files and images (photos are the sample's own records and are
 * never copied).
 */
import type { RequiredField } from '@/domain/form-paths';
import { CARACTERIZATION_LABELS } from './caracterization-fields';

const REQUIRED = ['employee', 'function', 'sector'] as const;

export const CARACTERIZATION_REQUIRED: readonly RequiredField[] = REQUIRED.map((path) => ({
  block: 'caracterization',
  path,
  label: CARACTERIZATION_LABELS[path],
}));

export const CARACTERIZATION_CLEARED: readonly string[] = ['sample_no', 'employee', 'register', 'files', 'images'];
