/**
 * Adds the demo data set once (one transaction; a second run does nothing).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { appMeta } from '../schema';
import { demoCatalogStep } from './catalog';
import { demoCustomersStep } from './customers';
import { demoQuotationsStep } from './quotations';
import { demoSamplesStep } from './samples';
import { demoSamplingMethodsStep } from './sampling-methods';
import { emptyDemoState, type DemoState, type DemoStep } from './steps';
import { demoUsersStep } from './users';

export const DEMO_STEPS: DemoStep[] = [
  demoCustomersStep,
  demoUsersStep,
  demoCatalogStep,
  demoQuotationsStep,
  demoSamplesStep,
  demoSamplingMethodsStep,
];

const DEMO_KEY = 'demo_seeded_at';

export async function seedDemo(db: Db, steps: DemoStep[] = DEMO_STEPS): Promise<DemoState | null> {
  return db.transaction(async (tx) => {
    const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_KEY));
    if (done) return null;
    const state = emptyDemoState();
    for (const step of steps) await step.run(tx, state);
    await tx.insert(appMeta).values({ key: DEMO_KEY, value: new Date().toISOString() });
    return state;
  });
}
