/**
 * How many browser-test files run at once. Each worker gets a server and a
 * data folder of its own (global-setup.ts), so the files that share records
 * (the logo, the seeded technician, the thresholds) still run one after the
 * other on their worker. Two on CI's 2 cores: the files mostly wait on the
 * browser and the server, so two overlap their waits (bench/test-suite.md).
 */
import { availableParallelism } from 'node:os';

export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || Math.min(2, availableParallelism()));
