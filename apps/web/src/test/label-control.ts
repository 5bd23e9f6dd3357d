import { createRequire } from 'node:module';

/*
 * jsdom 26 finds a `<label for>`'s control by walking the whole document, and an element's
 * `labels` asks that of every label in it; Testing Library's `getByLabelText` asks for the labels
 * of every labelable element (each Radix checkbox is a button). On the inventory line form that is
 * elements × labels × nodes: about 0.7 s a query on a loaded machine, most of the time of its
 * tests (CPU profile, issue 24). Here the label's control comes from the id index jsdom keeps for
 * `getElementById`, when that index names exactly one element in the label's tree; anything else
 * (no or several elements with the id, a label outside the document) takes jsdom's own walk. Same
 * answer as the HTML spec's "first element in tree order with that id, if labelable"
 * (label-control.test.ts holds the cases).
 */

interface NodeImpl {
  getRootNode(options: object): NodeImpl;
  _ids?: Record<string, NodeImpl[]>;
}
interface LabelImpl extends NodeImpl {
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
}

const require = createRequire(import.meta.url);

export function indexLabelControls(document: Document): void {
  const labelModule = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as {
    implementation: { prototype: object };
  };
  const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
    isLabelable(node: NodeImpl): boolean;
  };
  const prototype = labelModule.implementation.prototype;
  // The jsdom the environment runs must be the one required here, or the change would do nothing.
  const probe = document.createElement('label');
  const implSymbol = Object.getOwnPropertySymbols(probe).find((symbol) => symbol.description === 'impl');
  const probeImpl = implSymbol ? (probe as unknown as Record<symbol, object>)[implSymbol] : undefined;
  if (!probeImpl || Object.getPrototypeOf(probeImpl) !== prototype) {
    throw new Error("label-control: the test environment's jsdom is not the one in node_modules");
  }
  const original = Object.getOwnPropertyDescriptor(prototype, 'control');
  const walk = original?.get;
  if (!walk) throw new Error('label-control: jsdom no longer defines HTMLLabelElement control as a getter');
  Object.defineProperty(prototype, 'control', {
    ...original,
    get(this: LabelImpl) {
      const id = this.hasAttributeNS(null, 'for') ? this.getAttributeNS(null, 'for') : null;
      if (id) {
        const root = this.getRootNode({});
        const inTree = root._ids?.[id]?.filter((candidate) => candidate.getRootNode({}) === root);
        if (inTree?.length === 1) return isLabelable(inTree[0]!) ? inTree[0] : null;
      }
      return walk.call(this);
    },
  });
}
