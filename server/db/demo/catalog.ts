/**
 * Demo step: the catalog (catalog-data.ts): equipment categories and
 * equipment, agents with their equipment lists, services with theirs, and
 * costs. Ids go into `state.other` by area and key (equipment, agents,
 * services, costs), for the quotation and sample steps of later issues.
 */
import { slugify } from '@server/lib/slug';
import type { Tx } from '../client';
import { costs, equipment, equipmentCategories, productEquipments, products, productTypes, serviceEquipments, services } from '../schema';
import { DEMO_AGENTS, DEMO_CATEGORIES, DEMO_COSTS, DEMO_EQUIPMENT, DEMO_SERVICES } from './catalog-data';
import type { DemoStep } from './steps';

async function typeIds(tx: Tx): Promise<Map<string, number>> {
  const rows = await tx.select({ id: productTypes.id, slug: productTypes.slug }).from(productTypes);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

function idOf(ids: Record<string, number>, key: string): number {
  const id = ids[key];
  if (id === undefined) throw new Error(`demo catalog: unknown equipment ${key}`);
  return id;
}

export const demoCatalogStep: DemoStep = {
  name: 'catálogo',
  async run(tx, state) {
    const categories: Record<string, number> = {};
    for (const [key, name] of Object.entries(DEMO_CATEGORIES)) {
      const [row] = await tx.insert(equipmentCategories).values({ name }).returning({ id: equipmentCategories.id });
      categories[key] = row!.id;
    }
    const equipmentIds: Record<string, number> = {};
    for (const { key, category, ...item } of DEMO_EQUIPMENT) {
      const [row] = await tx
        .insert(equipment)
        .values({ ...item, slug: slugify(item.name), category_id: categories[category]! })
        .returning({ id: equipment.id });
      equipmentIds[key] = row!.id;
    }

    const types = await typeIds(tx);
    const agentIds: Record<string, number> = {};
    for (const { key, type, equipment: lines, ...agent } of DEMO_AGENTS) {
      const typeId = types.get(type);
      if (typeId === undefined) throw new Error(`demo catalog: product type ${type} is not seeded`);
      const [row] = await tx
        .insert(products)
        .values({ ...agent, slug: slugify(agent.name), type_id: typeId, cas: type === 'chemical' ? (agent.cas ?? null) : null })
        .returning({ id: products.id });
      agentIds[key] = row!.id;
      for (const line of lines ?? []) {
        await tx
          .insert(productEquipments)
          .values({ product_id: row!.id, equipment_id: idOf(equipmentIds, line.equipment), quantity: line.quantity ?? 1 });
      }
    }

    const serviceIds: Record<string, number> = {};
    for (const { key, equipment: lines, ...service } of DEMO_SERVICES) {
      const [row] = await tx
        .insert(services)
        .values({ ...service, slug: slugify(service.name) })
        .returning({ id: services.id });
      serviceIds[key] = row!.id;
      for (const line of lines ?? []) {
        await tx
          .insert(serviceEquipments)
          .values({ service_id: row!.id, equipment_id: idOf(equipmentIds, line.equipment), quantity: line.quantity ?? 1 });
      }
    }

    const costIds: Record<string, number> = {};
    for (const { key, ...cost } of DEMO_COSTS) {
      const [row] = await tx
        .insert(costs)
        .values({ ...cost, slug: slugify(cost.name) })
        .returning({ id: costs.id });
      costIds[key] = row!.id;
    }

    Object.assign(state.other, { equipment: equipmentIds, equipmentCategories: categories, agents: agentIds, services: serviceIds, costs: costIds });
  },
};
