import { XMLParser } from 'fast-xml-parser';

/**
 * A Tier II XML read back for the tests as the list of its elements in document order: each with
 * its path of local names, its namespace (resolved from `xmlns` and `xmlns:prefix` declarations,
 * so a prefixed and a default-namespace file read alike), its attributes (namespace declarations
 * left out) and its own text. Values are kept as written (no number parsing), so '05408' and
 * '30.00' compare as text.
 */
export interface XmlElement {
  path: string;
  namespace: string | null;
  attributes: Record<string, string>;
  text: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  ignoreDeclaration: true,
});

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

export function readXmlElements(xml: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (nodes: OrderedNode[], parentPath: string, scope: Record<string, string>) => {
    for (const node of nodes) {
      const name = Object.keys(node).find((key) => key !== ':@');
      if (name === undefined || name === '#text' || name.startsWith('?')) continue;
      const raw = node[':@'] ?? {};
      const declared = { ...scope };
      const attributes: Record<string, string> = {};
      for (const [key, value] of Object.entries(raw)) {
        if (key === 'xmlns') declared[''] = value;
        else if (key.startsWith('xmlns:')) declared[key.slice(6)] = value;
        else attributes[key] = value;
      }
      const [prefix, local] = name.includes(':') ? name.split(':', 2) : ['', name];
      const children = (node[name] as OrderedNode[]) ?? [];
      const text = children
        .filter((child) => '#text' in child)
        .map((child) => String(child['#text']))
        .join('');
      const path = `${parentPath}/${local}`;
      found.push({ path, namespace: declared[prefix!] ?? null, attributes, text });
      walk(children, path, declared);
    }
  };
  walk(parser.parse(xml) as OrderedNode[], '', {});
  return found;
}
