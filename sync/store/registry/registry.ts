/**
 * The set of resources one store syncs, with the lookups the engine needs:
 * by name, who refers to whom, the children of a parent, and the order in
 * which pulls run (targets of references before the records pointing at them,
 * so pulled references map to local keys on first sight).
 */
import { allReferences, type ReferenceDefinition, type ResourceDefinition } from './resource';

export interface Referrer {
  resource: ResourceDefinition;
  reference: ReferenceDefinition;
}

export class ResourceRegistry {
  readonly resources: readonly ResourceDefinition[];
  private readonly byName = new Map<string, ResourceDefinition>();
  private readonly referrers = new Map<string, Referrer[]>();

  constructor(resources: readonly ResourceDefinition[]) {
    // Children are filled here so a declaration does not have to name its children.
    this.resources = resources.map((resource) => ({ ...resource, children: [] as string[] }));
    for (const resource of this.resources) this.byName.set(resource.name, resource);
    for (const resource of this.resources) {
      for (const reference of allReferences(resource)) {
        const target = this.byName.get(reference.resource);
        if (!target) throw new Error(`Resource ${resource.name} refers to unknown resource ${reference.resource}`);
        const list = this.referrers.get(target.name) ?? [];
        list.push({ resource, reference });
        this.referrers.set(target.name, list);
      }
      if (resource.parent) {
        const parent = this.byName.get(resource.parent.resource)!;
        (parent.children as string[]).push(resource.name);
      }
    }
  }

  get(name: string): ResourceDefinition {
    const resource = this.byName.get(name);
    if (!resource) throw new Error(`Unknown resource: ${name}`);
    return resource;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Resources with a reference (or parent link) to `name`. */
  referrersOf(name: string): readonly Referrer[] {
    return this.referrers.get(name) ?? [];
  }

  /** Resources pulled through their own list call, references first. */
  pullOrder(): ResourceDefinition[] {
    const ordered: ResourceDefinition[] = [];
    const visiting = new Set<string>();
    const visit = (resource: ResourceDefinition) => {
      if (ordered.includes(resource) || visiting.has(resource.name)) return;
      visiting.add(resource.name);
      for (const reference of allReferences(resource)) visit(this.get(reference.resource));
      // Lines arrive inside their parent, so what the lines point at comes before the parent.
      for (const child of resource.children.map((name) => this.get(name))) {
        for (const reference of child.references) visit(this.get(reference.resource));
      }
      ordered.push(resource);
    };
    for (const resource of this.resources) visit(resource);
    return ordered.filter((resource) => resource.paths.list !== undefined);
  }
}
