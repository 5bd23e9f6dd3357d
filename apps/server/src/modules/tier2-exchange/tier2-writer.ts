import {
  compliance,
  T2S_XML_FILE_NAME,
  TIER2_NAMESPACE,
  type Tier2Address,
  type Tier2Chemical,
  type Tier2Contact,
  type Tier2Dataset,
  type Tier2Facility,
  type Tier2Phone,
} from '@chemtrack/domain';
import { XMLBuilder } from 'fast-xml-parser';
import { strToU8, zipSync } from 'fflate';

/**
 * The National Tier II Data Standard v1.0.0 written from the typed dataset: the element names,
 * order, attributes and nesting of the NOAA sample (`test/fixtures/tier2/epcra_tier2_data.xml`),
 * which a reviewer can hold beside this file. fast-xml-parser's builder in its ordered form does
 * the escaping (& < > " ') and the indentation; this file decides only what goes where.
 */

/** A node of the builder's ordered form: `{ name: children, ':@': attributes }`. */
type XmlNode = Record<string, unknown>;
type Attributes = Record<string, string | null | undefined>;

/**
 * XML 1.0 allows tab, line feed, carriage return and the characters from U+0020 on, minus lone
 * surrogates and U+FFFE/U+FFFF: anything else would make the file unreadable, so it goes.
 */
function isXmlCharacter(point: number): boolean {
  if (point < 0x20) return point === 0x09 || point === 0x0a || point === 0x0d;
  if (point >= 0xd800 && point <= 0xdfff) return false;
  return point !== 0xfffe && point !== 0xffff;
}

function clean(text: string): string {
  let result = '';
  // for…of walks code points, so a surrogate pair arrives whole and a lone surrogate alone.
  for (const character of text) if (isXmlCharacter(character.codePointAt(0)!)) result += character;
  return result;
}

/** A number as plain decimals (never `1e21` or `2.2E9`): up to six places, no trailing zeros. */
export function formatTier2Number(value: number): string {
  if (!Number.isFinite(value)) return '';
  // toFixed falls back to an exponent from 1e21 on; such a figure is a whole number anyway.
  if (Math.abs(value) >= 1e21) return BigInt(value).toString();
  const fixed = value.toFixed(6);
  const text = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return text === '-0' ? '0' : text;
}

function attributes(values: Attributes): XmlNode {
  const present = Object.entries(values).filter((entry): entry is [string, string] => entry[1] != null);
  return present.length === 0
    ? {}
    : { ':@': Object.fromEntries(present.map(([name, value]) => [`@_${name}`, clean(value)])) };
}

function element(name: string, children: XmlNode[], attrs: Attributes = {}): XmlNode {
  return { [name]: children, ...attributes(attrs) };
}

/** A text element; null (absent or empty in the standard's terms) is written empty. */
function text(name: string, value: string | null, attrs: Attributes = {}): XmlNode {
  return element(name, value === null || value === '' ? [] : [{ '#text': clean(value) }], attrs);
}

const num = (name: string, value: number | null, attrs: Attributes = {}) =>
  text(name, value === null ? null : formatTier2Number(value), attrs);
const bool = (name: string, value: boolean | null) => text(name, value === null ? null : String(value));
/** Money as the sample writes it: two decimals ("30.00"). */
const money = (name: string, value: number | null) => text(name, value === null ? null : value.toFixed(2));

function address(name: string, value: Tier2Address): XmlNode {
  return element(name, [
    text('street', value.street),
    text('city', value.city),
    text('state', value.state),
    text('zipcode', value.zipcode),
    ...(value.country === null ? [] : [text('country', value.country)]),
  ]);
}

function phone(value: Tier2Phone): XmlNode {
  return element('phone', [text('phoneNumber', value.phoneNumber), text('phoneType', value.phoneType)], {
    recordid: value.recordId,
  });
}

function chemical(value: Tier2Chemical): XmlNode {
  // All 23 entries in the standard's order, whatever the dataset holds (rules §0.5).
  const flags = new Map(value.hazards.map((hazard) => [hazard.category, hazard.value]));
  return element(
    'chemical',
    [
      text('chemName', value.chemName),
      text('casNumber', value.casNumber),
      bool('ehs', value.ehs),
      bool('pure', value.pure),
      bool('mixture', value.mixture),
      bool('solid', value.solid),
      bool('liquid', value.liquid),
      bool('gas', value.gas),
      element(
        'hazards',
        compliance.TIER2_HAZARD_CATEGORIES.map((category) =>
          element('hazard', [text('category', category), bool('value', flags.get(category) ?? false)]),
        ),
      ),
      num('aveAmount', value.aveAmount),
      text('aveAmountCode', value.aveAmountCode),
      num('maxAmount', value.maxAmount),
      text('maxAmountCode', value.maxAmountCode),
      bool('sameAsLastYear', value.sameAsLastYear),
      num('daysOnSite', value.daysOnSite),
      num('maxAmtLargestContainer', value.maxAmtLargestContainer),
      bool('belowReportingThresholds', value.belowReportingThresholds),
      bool('confidentialStorageLocs', value.confidentialStorageLocs),
      bool('tradeSecret', value.tradeSecret),
      text('lastModified', value.lastModified),
      element(
        'storageLocations',
        value.storageLocations.map((location) =>
          element(
            'storageLocation',
            [
              text('locationDescription', location.locationDescription),
              text('storageType', location.storageType),
              text('pressure', location.pressure),
              text('temperature', location.temperature),
              num('amount', location.amount, { unit: location.amountUnit }),
            ],
            { recordid: location.recordId },
          ),
        ),
      ),
      // A pure chemical has no `<mixtureComponents>` at all (the sample's chlorine).
      ...(value.mixtureComponents.length === 0
        ? []
        : [
            element(
              'mixtureComponents',
              value.mixtureComponents.map((component) =>
                element(
                  'mixtureComponent',
                  [
                    text('componentName', component.componentName),
                    text('casNumber', component.casNumber),
                    bool('ehs', component.ehs),
                    text('maxAmountCode', component.maxAmountCode),
                    num('componentPercentage', component.componentPercentage, {
                      weightOrVolume: component.weightOrVolume,
                    }),
                  ],
                  { recordid: component.recordId },
                ),
              ),
            ),
          ]),
    ],
    { recordid: value.recordId },
  );
}

function facility(value: Tier2Facility): XmlNode {
  return element(
    'facility',
    [
      text('facilityName', value.facilityName),
      address('streetAddress', value.streetAddress),
      ...(value.mailingAddress === null ? [] : [address('mailingAddress', value.mailingAddress)]),
      text('county', value.county),
      text('fireDistrict', value.fireDistrict),
      element('latLong', [num('latitude', value.latitude), num('longitude', value.longitude)]),
      text('department', value.department),
      text('notes', value.notes),
      bool('sitePlanAttached', value.sitePlanAttached),
      bool('siteCoordAbbrevAttached', value.siteCoordAbbrevAttached),
      bool('dikeDescriptionAttached', value.dikeDescriptionAttached),
      bool('facilityInfoSameAsLastYear', value.facilityInfoSameAsLastYear),
      text('nameAndTitleOfCertifier', value.nameAndTitleOfCertifier),
      text('dateSigned', value.dateSigned),
      money('feesTotal', value.feesTotal),
      ...value.phones.map(phone),
      bool('manned', value.manned),
      num('maxNumOccupants', value.maxNumOccupants),
      bool('subjectToChemAccidentPrevention', value.subjectToChemAccidentPrevention),
      bool('subjectToEmergencyPlanning', value.subjectToEmergencyPlanning),
      element(
        'stateFields',
        value.stateFields.map((field) =>
          element(
            'stateField',
            [text('label', field.label), text('t2sFieldname', field.t2sFieldname), text('data', field.data)],
            { required: field.required === null ? null : String(field.required) },
          ),
        ),
      ),
      text('lastModified', value.lastModified),
      element(
        'contactIds',
        value.contactIds.map((link) => text('contactId', link.contactId, { linkId: link.linkId })),
      ),
      element('chemicals', value.chemicals.map(chemical)),
      element(
        'facilityIds',
        value.facilityIds.map((id) =>
          element(
            'facilityId',
            [text('id', id.id), ...(id.description === null ? [] : [text('description', id.description)])],
            {
              recordid: id.recordId,
              type: id.type,
            },
          ),
        ),
      ),
      element(
        'attachments',
        value.attachments.map((attachment) =>
          element('attachment', [text('fileName', attachment.fileName)], { recordid: attachment.recordId }),
        ),
      ),
    ],
    { recordid: value.recordId },
  );
}

function contact(value: Tier2Contact): XmlNode {
  return element(
    'contact',
    [
      text('firstName', value.firstName),
      text('lastName', value.lastName),
      text('title', value.title),
      text('email', value.email),
      ...(value.mailingAddress === null ? [] : [address('mailingAddress', value.mailingAddress)]),
      element(
        'contactTypes',
        value.contactTypes.map((type) => text('contactType', type)),
      ),
      element('phones', value.phones.map(phone)),
      text('lastModified', value.lastModified),
    ],
    { recordid: value.recordId },
  );
}

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '\t',
  suppressEmptyNode: false,
});

/** The dataset as the standard's XML, with its declaration, UTF-8, tab-indented as Tier2 Submit writes it. */
export function writeTier2Xml(dataset: Tier2Dataset): string {
  const root = element(
    'epcraTier2Dataset',
    [
      element(
        'dataset',
        [
          element('facilities', dataset.facilities.map(facility)),
          element('contacts', dataset.contacts.map(contact)),
        ],
        { reportyear: String(dataset.reportYear) },
      ),
    ],
    { xmlns: TIER2_NAMESPACE, version: dataset.version },
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build([root]).trim()}\n`;
}

/** A `.t2s`: a ZIP holding the one XML file, named as Tier2 Submit names it. */
export function writeTier2File(dataset: Tier2Dataset): Uint8Array {
  return zipSync({ [T2S_XML_FILE_NAME]: strToU8(writeTier2Xml(dataset)) }, { level: 6 });
}
