import {
  compliance,
  normalizeCasNumber,
  TIER2_FIRST_SUPPORTED_YEAR,
  TIER2_IMPORT_MSG,
  TIER2_NAMESPACE,
  type Tier2Address,
  type Tier2Attachment,
  type Tier2Chemical,
  type Tier2Contact,
  type Tier2ContactLink,
  type Tier2Dataset,
  type Tier2Facility,
  type Tier2FacilityId,
  type Tier2Hazard,
  type Tier2MixtureComponent,
  type Tier2Phone,
  type Tier2ReadResult,
  type Tier2StateField,
  type Tier2StorageLocation,
} from '@chemtrack/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { inflateZipEntry, readZipEntries, ZipRefusedError } from '../../lib/zip-guard.ts';

/**
 * Reads a Tier II file (issue 25): a Tier2 Submit `.t2s` (a ZIP holding one XML file) or the bare
 * XML of the National Tier II Data Standard v1.0.0, detected by content, never by name. Untrusted
 * input, so safety comes first (OWASP XXE and XML bomb guidance,
 * https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html):
 * a DOCTYPE or entity declaration is refused before any parsing (no external entity, no billion
 * laughs), the parser's entity processing is off, and the ZIP is opened by the one zip-bomb guard
 * (lib/zip-guard.ts), whose inflation stops at the size and ratio cap, so a bomb never inflates in full.
 */

export interface Tier2ReadLimits {
  /** The most one XML may be, inflated or bare. */
  maxXmlBytes: number;
  /** The most entries a .t2s may list (the XML plus a few attachments). */
  maxZipEntries: number;
  /** Inflated ÷ compressed: a larger ratio is a bomb, not a Tier II file. */
  maxCompressionRatio: number;
}

/** A real .t2s of a large facility is a few MB; its XML compresses 10-40 times. */
export const TIER2_READ_LIMITS: Tier2ReadLimits = {
  maxXmlBytes: 20 * 1024 * 1024,
  maxZipEntries: 50,
  maxCompressionRatio: 200,
};

const ROOT = 'epcraTier2Dataset';

class ReadError extends Error {
  constructor(
    message: string,
    readonly element: string | null = null,
    readonly status: 413 | 415 | 422 = 422,
  ) {
    super(message);
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
}

/** The one XML entry of a .t2s, inflated within the limits. */
function unpackT2s(zip: Buffer, limits: Tier2ReadLimits): Buffer {
  let entries: ReturnType<typeof readZipEntries>;
  try {
    // The declared total is checked against a generous bound here; the XML entry is checked below.
    entries = readZipEntries(zip, {
      maxEntries: limits.maxZipEntries,
      maxTotalBytes: Number.MAX_SAFE_INTEGER,
    });
  } catch (error) {
    if (error instanceof ZipRefusedError && error.reason === 'entries') {
      throw new ReadError(TIER2_IMPORT_MSG.zipEntries);
    }
    throw new ReadError(TIER2_IMPORT_MSG.zipBroken);
  }
  const xml = entries.filter((entry) => /\.xml$/i.test(entry.name) && !entry.name.endsWith('/'));
  const [entry] = xml;
  if (xml.length !== 1 || !entry) throw new ReadError(TIER2_IMPORT_MSG.zipEntries);
  const mb = Math.round(limits.maxXmlBytes / 1024 / 1024);
  // Inflated, the XML may pass neither the size cap nor the ratio to its compressed bytes: what
  // it declares is checked first, then inflation stops at the cap whatever it declared.
  const cap = Math.min(limits.maxXmlBytes, Math.max(entry.compressedSize, 1) * limits.maxCompressionRatio);
  if (entry.size > cap) throw new ReadError(TIER2_IMPORT_MSG.expandsPast(mb), null, 413);
  try {
    return inflateZipEntry(zip, entry, cap);
  } catch (error) {
    if (error instanceof ZipRefusedError && error.reason === 'size') {
      throw new ReadError(TIER2_IMPORT_MSG.expandsPast(mb), null, 413);
    }
    throw new ReadError(TIER2_IMPORT_MSG.zipBroken);
  }
}

/** UTF-8 (with or without a BOM) or UTF-16 with its BOM, as XML 1.0 allows. */
function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** The five predefined entities and character references, decoded by hand (the parser's entities are off). */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(lt|gt|amp|apos|quot|#\d+|#x[0-9a-fA-F]+);/g, (_match, name: string) => {
    switch (name) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'apos':
        return "'";
      case 'quot':
        return '"';
    }
    const code = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** The root element's start tag: its name (prefix stripped) and the namespace its prefix is bound to. */
function rootOf(text: string): { name: string; namespace: string | null } | null {
  const body = text.replace(/^\s*(<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*)*/, '');
  const match = /^<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)([^>]*)>/.exec(body);
  if (!match?.[1]) return null;
  const [prefix, local] = match[1].includes(':') ? match[1].split(':') : [null, match[1]];
  const attribute = prefix ? `xmlns:${prefix}` : 'xmlns';
  const declared = new RegExp(`\\s${attribute.replace('.', '\\.')}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(
    match[2] ?? '',
  );
  return { name: local ?? '', namespace: declared ? (declared[2] ?? declared[3] ?? '') : null };
}

// ——— mapping the parsed tree onto Tier2Dataset, naming the element of any problem ———

type Node = Record<string, unknown>;

/** Elements that may repeat: always lists, so one and many read alike. */
const LISTS = new Set([
  'facility',
  'contact',
  'chemical',
  'storageLocation',
  'mixtureComponent',
  'hazard',
  'phone',
  'stateField',
  'contactId',
  'facilityId',
  'attachment',
  'contactType',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Entities off: a DOCTYPE is refused before parsing, and the predefined ones are decoded by hand.
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name, _path, _isLeaf, isAttribute) => !isAttribute && LISTS.has(name),
});

class Reader {
  constructor(readonly path: string) {}

  child(name: string, index?: number): Reader {
    return new Reader(`${this.path}/${name}${index === undefined ? '' : `[${index + 1}]`}`);
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The element's text: a string, or the text beside its attributes; '' for an empty element. */
function textOf(value: unknown, at: Reader, name: string): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) throw new ReadError(TIER2_IMPORT_MSG.once(name, at.path), at.path);
  if (typeof value === 'string') return decodeEntities(value.trim());
  if (isNode(value)) {
    const text = value['#text'];
    return typeof text === 'string' ? decodeEntities(text.trim()) : '';
  }
  return String(value);
}

function text(node: Node, name: string, at: Reader): string {
  return textOf(node[name], at.child(name), name);
}

function optionalText(node: Node, name: string, at: Reader): string | null {
  return node[name] === undefined ? null : text(node, name, at);
}

function requiredText(node: Node, name: string, at: Reader): string {
  const value = text(node, name, at);
  if (value === '')
    throw new ReadError(TIER2_IMPORT_MSG.required(name, at.child(name).path), at.child(name).path);
  return value;
}

// E-Plan writes 2222222.0 and 2.222222222E9; the standard 2222222.
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function toNumber(value: string, name: string, path: string): number | null {
  if (value === '') return null;
  const cleaned = value.replace(/,/g, '');
  if (!NUMBER.test(cleaned)) throw new ReadError(TIER2_IMPORT_MSG.mustBeNumber(name, path), path);
  const number = Number(cleaned);
  if (!Number.isFinite(number)) throw new ReadError(TIER2_IMPORT_MSG.mustBeNumber(name, path), path);
  return number;
}

function number(node: Node, name: string, at: Reader): number | null {
  return toNumber(text(node, name, at), name, at.child(name).path);
}

function toBoolean(value: string, name: string, path: string): boolean | null {
  const lower = value.toLowerCase();
  if (lower === '') return null;
  if (lower === 'true' || lower === '1' || lower === 'yes' || lower === 'y') return true;
  if (lower === 'false' || lower === '0' || lower === 'no' || lower === 'n') return false;
  throw new ReadError(TIER2_IMPORT_MSG.mustBeBoolean(name, path), path);
}

function boolean(node: Node, name: string, at: Reader): boolean | null {
  return toBoolean(text(node, name, at), name, at.child(name).path);
}

function attribute(node: unknown, name: string): string | null {
  if (!isNode(node)) return null;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? decodeEntities(value.trim()) : null;
}

/** The element as an object (an empty element is an empty one). */
function nodeOf(value: unknown, at: Reader, name: string): Node {
  if (Array.isArray(value)) throw new ReadError(TIER2_IMPORT_MSG.once(name, at.path), at.path);
  return isNode(value) ? value : {};
}

function child(node: Node, name: string, at: Reader): Node | null {
  return node[name] === undefined ? null : nodeOf(node[name], at.child(name), name);
}

/** `<wrapper><item/>…</wrapper>`: each item with its reader. */
function items(node: Node, wrapper: string | null, item: string, at: Reader): [Node, Reader][] {
  const holder = wrapper === null ? node : child(node, wrapper, at);
  if (!holder) return [];
  const base = wrapper === null ? at : at.child(wrapper);
  const list = holder[item];
  if (list === undefined) return [];
  const array = Array.isArray(list) ? list : [list];
  return array.map((value, i) => [isNode(value) ? value : { '#text': value }, base.child(item, i)]);
}

function address(node: Node | null, at: Reader, withCountry: boolean): Tier2Address | null {
  if (!node) return null;
  return {
    street: text(node, 'street', at),
    city: text(node, 'city', at),
    state: text(node, 'state', at).toUpperCase(),
    zipcode: text(node, 'zipcode', at),
    country: withCountry ? optionalText(node, 'country', at) : null,
  };
}

function phones(node: Node, wrapper: string | null, at: Reader): Tier2Phone[] {
  return items(node, wrapper, 'phone', at).map(([phone, reader]) => ({
    recordId: attribute(phone, 'recordid'),
    phoneNumber: text(phone, 'phoneNumber', reader),
    phoneType: text(phone, 'phoneType', reader),
  }));
}

const CATEGORY_BY_KEY = new Map(
  compliance.TIER2_HAZARD_CATEGORIES.map((category) => [
    category.toLowerCase().replace(/\s+/g, ''),
    category,
  ]),
);

function hazards(node: Node, at: Reader): Tier2Hazard[] {
  return items(node, 'hazards', 'hazard', at).map(([hazard, reader]) => {
    const written = text(hazard, 'category', reader);
    // Spacing and case vary between writers (E-Plan); the standard's string is kept.
    const category = CATEGORY_BY_KEY.get(written.toLowerCase().replace(/\s+/g, ''));
    if (!category) {
      const path = reader.child('category').path;
      throw new ReadError(TIER2_IMPORT_MSG.unknownHazard(written, path), path);
    }
    return { category, value: boolean(hazard, 'value', reader) ?? false };
  });
}

function storageLocations(node: Node, at: Reader): Tier2StorageLocation[] {
  return items(node, 'storageLocations', 'storageLocation', at).map(([location, reader]) => ({
    recordId: attribute(location, 'recordid'),
    locationDescription: text(location, 'locationDescription', reader),
    storageType: text(location, 'storageType', reader),
    pressure: text(location, 'pressure', reader),
    temperature: text(location, 'temperature', reader),
    amount: number(location, 'amount', reader),
    amountUnit: attribute(location.amount, 'unit'),
  }));
}

function mixtureComponents(node: Node, at: Reader): Tier2MixtureComponent[] {
  return items(node, 'mixtureComponents', 'mixtureComponent', at).map(([component, reader]) => ({
    recordId: attribute(component, 'recordid'),
    componentName: text(component, 'componentName', reader),
    casNumber: normalizeCasNumber(text(component, 'casNumber', reader)),
    ehs: boolean(component, 'ehs', reader),
    maxAmountCode: rangeCode(text(component, 'maxAmountCode', reader)),
    componentPercentage: number(component, 'componentPercentage', reader),
    weightOrVolume: attribute(component.componentPercentage, 'weightOrVolume'),
  }));
}

/** Range codes are two digits ('6' from a writer that drops the zero is '06'). */
function rangeCode(value: string): string {
  return /^\d$/.test(value) ? `0${value}` : value;
}

function chemical(node: Node, at: Reader): Tier2Chemical {
  return {
    recordId: attribute(node, 'recordid'),
    chemName: requiredText(node, 'chemName', at),
    casNumber: normalizeCasNumber(text(node, 'casNumber', at)),
    ehs: boolean(node, 'ehs', at),
    pure: boolean(node, 'pure', at),
    mixture: boolean(node, 'mixture', at),
    solid: boolean(node, 'solid', at),
    liquid: boolean(node, 'liquid', at),
    gas: boolean(node, 'gas', at),
    hazards: hazards(node, at),
    aveAmount: number(node, 'aveAmount', at),
    aveAmountCode: rangeCode(text(node, 'aveAmountCode', at)),
    maxAmount: number(node, 'maxAmount', at),
    maxAmountCode: rangeCode(text(node, 'maxAmountCode', at)),
    sameAsLastYear: boolean(node, 'sameAsLastYear', at),
    daysOnSite: number(node, 'daysOnSite', at),
    maxAmtLargestContainer: number(node, 'maxAmtLargestContainer', at),
    belowReportingThresholds: boolean(node, 'belowReportingThresholds', at),
    confidentialStorageLocs: boolean(node, 'confidentialStorageLocs', at),
    tradeSecret: boolean(node, 'tradeSecret', at),
    lastModified: optionalText(node, 'lastModified', at),
    storageLocations: storageLocations(node, at),
    mixtureComponents: mixtureComponents(node, at),
  };
}

function facility(node: Node, at: Reader): Tier2Facility {
  const street = child(node, 'streetAddress', at);
  if (!street) {
    const path = at.child('streetAddress').path;
    throw new ReadError(TIER2_IMPORT_MSG.required('streetAddress', path), path);
  }
  const latLong = child(node, 'latLong', at);
  const latLongAt = at.child('latLong');
  const stateFields: Tier2StateField[] = items(node, 'stateFields', 'stateField', at).map(
    ([field, reader]) => ({
      required: toBoolean(attribute(field, 'required') ?? '', 'required', reader.path),
      label: text(field, 'label', reader),
      t2sFieldname: text(field, 't2sFieldname', reader),
      data: text(field, 'data', reader),
    }),
  );
  const contactIds: Tier2ContactLink[] = items(node, 'contactIds', 'contactId', at).map(([link, reader]) => ({
    linkId: attribute(link, 'linkId'),
    contactId: textOf(link, reader, 'contactId'),
  }));
  const facilityIds: Tier2FacilityId[] = items(node, 'facilityIds', 'facilityId', at).map(([id, reader]) => ({
    recordId: attribute(id, 'recordid'),
    type: attribute(id, 'type') ?? '',
    id: text(id, 'id', reader),
    description: optionalText(id, 'description', reader),
  }));
  const attachments: Tier2Attachment[] = items(node, 'attachments', 'attachment', at).map(
    ([attachment, reader]) => ({
      recordId: attribute(attachment, 'recordid'),
      fileName: text(attachment, 'fileName', reader),
    }),
  );
  return {
    recordId: attribute(node, 'recordid'),
    facilityName: requiredText(node, 'facilityName', at),
    streetAddress: address(street, at.child('streetAddress'), false)!,
    mailingAddress: address(child(node, 'mailingAddress', at), at.child('mailingAddress'), true),
    county: text(node, 'county', at),
    fireDistrict: text(node, 'fireDistrict', at),
    latitude: latLong ? number(latLong, 'latitude', latLongAt) : null,
    longitude: latLong ? number(latLong, 'longitude', latLongAt) : null,
    department: text(node, 'department', at),
    notes: text(node, 'notes', at),
    sitePlanAttached: boolean(node, 'sitePlanAttached', at),
    siteCoordAbbrevAttached: boolean(node, 'siteCoordAbbrevAttached', at),
    dikeDescriptionAttached: boolean(node, 'dikeDescriptionAttached', at),
    facilityInfoSameAsLastYear: boolean(node, 'facilityInfoSameAsLastYear', at),
    nameAndTitleOfCertifier: text(node, 'nameAndTitleOfCertifier', at),
    dateSigned: optionalText(node, 'dateSigned', at) || null,
    feesTotal: number(node, 'feesTotal', at),
    phones: phones(node, null, at),
    manned: boolean(node, 'manned', at),
    maxNumOccupants: number(node, 'maxNumOccupants', at),
    subjectToChemAccidentPrevention: boolean(node, 'subjectToChemAccidentPrevention', at),
    subjectToEmergencyPlanning: boolean(node, 'subjectToEmergencyPlanning', at),
    stateFields,
    lastModified: optionalText(node, 'lastModified', at),
    contactIds,
    chemicals: items(node, 'chemicals', 'chemical', at).map(([item, reader]) => chemical(item, reader)),
    facilityIds,
    attachments,
  };
}

function contact(node: Node, at: Reader): Tier2Contact {
  const recordId = attribute(node, 'recordid');
  if (!recordId) throw new ReadError(TIER2_IMPORT_MSG.required('recordid', at.path), at.path);
  return {
    recordId,
    firstName: text(node, 'firstName', at),
    lastName: text(node, 'lastName', at),
    title: text(node, 'title', at),
    email: text(node, 'email', at),
    mailingAddress: address(child(node, 'mailingAddress', at), at.child('mailingAddress'), true),
    contactTypes: items(node, 'contactTypes', 'contactType', at)
      .map(([type, reader]) => textOf(type, reader, 'contactType'))
      .filter((type) => type !== ''),
    phones: phones(node, 'phones', at),
    lastModified: optionalText(node, 'lastModified', at),
  };
}

function dataset(root: Node): Tier2Dataset {
  const at = new Reader(`/${ROOT}`);
  const data = child(root, 'dataset', at);
  const dataAt = at.child('dataset');
  if (!data) throw new ReadError(TIER2_IMPORT_MSG.required('dataset', dataAt.path), dataAt.path);
  const yearText = attribute(data, 'reportyear') ?? '';
  const yearPath = `${dataAt.path}/@reportyear`;
  const year = toNumber(yearText, 'reportyear', yearPath);
  if (year === null || !Number.isInteger(year)) {
    throw new ReadError(TIER2_IMPORT_MSG.mustBeNumber('reportyear', yearPath), yearPath);
  }
  if (year < TIER2_FIRST_SUPPORTED_YEAR) throw new ReadError(TIER2_IMPORT_MSG.beforeGhs, yearPath);
  const facilities = items(data, 'facilities', 'facility', dataAt).map(([node, reader]) =>
    facility(node, reader),
  );
  const contacts = items(data, 'contacts', 'contact', dataAt).map(([node, reader]) => contact(node, reader));
  // Every contact a facility names must be in the file's contacts.
  const known = new Set(contacts.map((item) => item.recordId));
  facilities.forEach((item, f) => {
    item.contactIds.forEach((link, c) => {
      if (!known.has(link.contactId)) {
        const path = `${dataAt.path}/facilities/facility[${f + 1}]/contactIds/contactId[${c + 1}]`;
        throw new ReadError(TIER2_IMPORT_MSG.unknownContact(link.contactId, path), path);
      }
    });
  });
  return { version: attribute(root, 'version') ?? '', reportYear: year, facilities, contacts };
}

/** The XML text as a dataset, or the first problem found. */
function readXml(text: string): Tier2Dataset {
  // Before any parsing: a DOCTYPE is what an external entity (XXE) or an entity bomb needs.
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) throw new ReadError(TIER2_IMPORT_MSG.doctype);
  const root = rootOf(text);
  if (!root || root.name !== ROOT || root.namespace !== TIER2_NAMESPACE) {
    throw new ReadError(TIER2_IMPORT_MSG.notTier2);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new ReadError(TIER2_IMPORT_MSG.notWellFormed(`${valid.err.msg} (line ${valid.err.line})`));
  }
  const parsed = parser.parse(text) as Node;
  return dataset(nodeOf(parsed[ROOT], new Reader(`/${ROOT}`), ROOT));
}

/** True when the bytes could be a Tier II file at all: a ZIP, or text that starts as XML. */
export function looksLikeTier2Upload(bytes: Uint8Array): boolean {
  if (isZip(bytes)) return true;
  const head = decodeText(Buffer.from(bytes.subarray(0, 256))).trimStart();
  return head.startsWith('<');
}

/** A .t2s or bare Tier II XML as the typed dataset, or the refusal naming the element. Pure: no I/O. */
export function readTier2File(
  bytes: Uint8Array,
  limits: Tier2ReadLimits = TIER2_READ_LIMITS,
): Tier2ReadResult {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (!looksLikeTier2Upload(buffer)) throw new ReadError(TIER2_IMPORT_MSG.notXmlOrZip, null, 415);
    const xml = isZip(buffer) ? unpackT2s(buffer, limits) : buffer;
    if (xml.length > limits.maxXmlBytes) {
      throw new ReadError(
        TIER2_IMPORT_MSG.expandsPast(Math.round(limits.maxXmlBytes / 1024 / 1024)),
        null,
        413,
      );
    }
    return { ok: true, dataset: readXml(decodeText(xml)) };
  } catch (error) {
    if (error instanceof ReadError) {
      return { ok: false, message: error.message, element: error.element, status: error.status };
    }
    throw error;
  }
}

/** The range code of pounds (40 CFR 370.43), for the plan beside the file's own code. */
export const rangeCodeOf = (pounds: number) => compliance.tier2RangeCode(pounds);
