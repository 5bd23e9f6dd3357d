import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compliance, T2S_XML_FILE_NAME, TIER2_NAMESPACE } from '@chemtrack/domain';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DATASET } from '../../../test/fixtures/tier2/sample-dataset.ts';
import { readXmlElements } from '../../../test/tier2-xml.ts';
import { formatTier2Number, writeTier2File, writeTier2Xml } from './tier2-writer.ts';

/**
 * The writer against the shared NOAA sample (`test/fixtures/tier2/epcra_tier2_data.xml`, a copy of
 * `../shared/data/tier2/epcra_tier2_data.xml`): the typed equivalent of the sample, written, is the
 * sample element by element (same paths in the same order, same namespace, attributes and text).
 */
const SAMPLE_XML = fs.readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../test/fixtures/tier2/epcra_tier2_data.xml',
  ),
  'utf8',
);

describe('writeTier2Xml', () => {
  it('writes the sample element by element: paths, order, namespace, attributes and text', () => {
    const written = readXmlElements(writeTier2Xml(SAMPLE_DATASET));
    const sample = readXmlElements(SAMPLE_XML);
    expect(sample).toHaveLength(355);
    expect(written.map((e) => e.path)).toEqual(sample.map((e) => e.path));
    expect(written).toEqual(sample);
    expect(new Set(written.map((e) => e.namespace))).toEqual(new Set([TIER2_NAMESPACE]));
  });

  it('starts with the declaration and the root of the standard', () => {
    const xml = writeTier2Xml(SAMPLE_DATASET);
    expect(xml.split('\n').slice(0, 3)).toEqual([
      '<?xml version="1.0" encoding="utf-8"?>',
      '<epcraTier2Dataset xmlns="https://cameo.noaa.gov/epcra_tier2/data_standard/v1" version="1.0.0">',
      '\t<dataset reportyear="2025">',
    ]);
  });

  it('writes all 23 hazards in the standard order, whatever the dataset holds', () => {
    const chemical = SAMPLE_DATASET.facilities[0]!.chemicals[0]!;
    const dataset = {
      ...SAMPLE_DATASET,
      facilities: [
        {
          ...SAMPLE_DATASET.facilities[0]!,
          chemicals: [
            {
              ...chemical,
              // Two true ones, out of order, and a category the standard does not have.
              hazards: [
                { category: 'Simple Asphyxiant', value: true },
                { category: 'Fire', value: true },
                { category: 'Explosive', value: true },
              ],
            },
          ],
        },
      ],
    };
    const elements = readXmlElements(writeTier2Xml(dataset));
    const categories = elements.filter((e) => e.path.endsWith('/hazard/category')).map((e) => e.text);
    const values = elements.filter((e) => e.path.endsWith('/hazard/value')).map((e) => e.text);
    expect(categories).toEqual([...compliance.TIER2_HAZARD_CATEGORIES]);
    expect(categories).toHaveLength(23);
    expect(categories[19]).toBe('Specific target organ toxicity(single or repeated exposure)');
    expect(values.filter((v) => v === 'true')).toHaveLength(2);
    expect(values[0]).toBe('true');
    expect(values[21]).toBe('true');
  });

  it('escapes & < > " \' in text and attributes and drops characters XML cannot hold', () => {
    const facility = SAMPLE_DATASET.facilities[0]!;
    const dataset = {
      ...SAMPLE_DATASET,
      facilities: [
        {
          ...facility,
          facilityName: `A & B <Plant> "North" 'Yard'\u0000\u0007\uD800 😀`,
          stateFields: [{ required: false, label: 'Q&A', t2sFieldname: 'State01Text', data: '<x>' }],
          recordId: `F"1'<&>`,
        },
      ],
    };
    const xml = writeTier2Xml(dataset);
    expect(xml).toContain(
      '<facilityName>A &amp; B &lt;Plant&gt; &quot;North&quot; &apos;Yard&apos; 😀</facilityName>',
    );
    expect(xml).toContain('<facility recordid="F&quot;1&apos;&lt;&amp;&gt;">');
    const elements = readXmlElements(xml);
    expect(elements.find((e) => e.path.endsWith('/facilityName'))?.text).toBe(
      `A & B <Plant> "North" 'Yard' 😀`,
    );
    expect(elements.find((e) => e.path.endsWith('/facility'))?.attributes).toEqual({ recordid: `F"1'<&>` });
    expect(elements.find((e) => e.path.endsWith('/stateField'))?.attributes).toEqual({ required: 'false' });
  });

  it('writes numbers as plain decimals, never with an exponent', () => {
    expect(formatTier2Number(2_222_222_222)).toBe('2222222222');
    expect(formatTier2Number(1e21)).toBe('1000000000000000000000');
    expect(formatTier2Number(127.4)).toBe('127.4');
    expect(formatTier2Number(0.000001)).toBe('0.000001');
    expect(formatTier2Number(-73.167142)).toBe('-73.167142');
    expect(formatTier2Number(-0)).toBe('0');
    expect(formatTier2Number(20000)).toBe('20000');
  });
});

describe('writeTier2File', () => {
  it('is a ZIP holding the one XML file, named as Tier2 Submit names it', () => {
    const zip = writeTier2File(SAMPLE_DATASET);
    expect(strFromU8(zip.subarray(0, 2))).toBe('PK');
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual([T2S_XML_FILE_NAME]);
    expect(strFromU8(files[T2S_XML_FILE_NAME]!)).toBe(writeTier2Xml(SAMPLE_DATASET));
  });
});
