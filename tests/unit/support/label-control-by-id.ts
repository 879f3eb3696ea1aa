/**
 * jsdom answers a label's `control` (HTML's "labeled control") by walking the
 * whole tree for the element whose id its `for` names, and an input's
 * `labels` asks that of every label in the tree: a label query over a large
 * form walks the document once per label, per field (a fifth of the
 * settings screens' CPU, bench/test-suite.md "Stop 42"). In a document, the
 * first element in tree order with an id is what jsdom's own id cache
 * answers (`getElementById`), so that is asked instead: the same element,
 * without the walk. A label outside a document, or without `for`, keeps
 * jsdom's answer. Installed once per worker by tests/unit/setup.ts; held
 * equal to jsdom's own answer by label-control-by-id.test.tsx.
 */
import { createRequire } from 'node:module';

interface NodeImpl {
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): { nodeType: number; getElementById?(id: string): unknown };
}

const DOCUMENT_NODE = 9;
const require = createRequire(import.meta.url);
const { implementation: labelImpl } = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as { implementation: { prototype: object } };
const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as { isLabelable(node: unknown): boolean };
const { implForWrapper, wrapperForImpl } = require('jsdom/lib/generated/idl/utils.js') as {
  implForWrapper(wrapper: Node): unknown;
  wrapperForImpl(impl: unknown): Element | null;
};
/** jsdom's own getter, kept before it is replaced. */
const walkingControl = Object.getOwnPropertyDescriptor(labelImpl.prototype, 'control')!.get!;

function controlById(this: NodeImpl): unknown {
  const forValue = this.hasAttributeNS(null, 'for') ? this.getAttributeNS(null, 'for') : null;
  if (forValue === null || forValue === '') return walkingControl.call(this);
  const root = this.getRootNode({});
  if (root.nodeType !== DOCUMENT_NODE || !root.getElementById) return walkingControl.call(this);
  const element = root.getElementById(forValue);
  return element && isLabelable(element) ? element : null;
}

let installed = false;

export function answerLabelControlById(): void {
  if (installed) return;
  installed = true;
  Object.defineProperty(labelImpl.prototype, 'control', { configurable: true, get: controlById });
}

/** What jsdom itself answers for this label's control (the walk), for the test that holds both equal. */
export function jsdomLabelControl(label: HTMLLabelElement): Element | null {
  return wrapperForImpl(walkingControl.call(implForWrapper(label)));
}
