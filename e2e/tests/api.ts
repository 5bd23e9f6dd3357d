import type { APIRequestContext } from '@playwright/test';
import { E2E, expect, latestMailTo, resetPathFrom } from './fixtures.ts';

/**
 * Test data through the API, for specs that make their own records rather than read the demo
 * data: each call must succeed (the failure names the call and its answer).
 */
export interface Api {
  post<T = { resource: { id: number } }>(path: string, body: object): Promise<T>;
  patch(path: string, body: object): Promise<void>;
  get<T>(path: string): Promise<T>;
  /** A multipart upload of one file as field `file` (POST /file/upload). */
  upload(file: { name: string; mimeType: string; buffer: Buffer }): Promise<{
    file: { filepath: string; original_name: string };
  }>;
}

export async function adminApi(request: APIRequestContext): Promise<Api> {
  const signedIn = await request.post('/api/admin/v1/auth/sign-in', {
    headers: { 'x-app-key': E2E.appKey },
    data: E2E.admin,
  });
  const token = (await signedIn.json()).credentials.access_token as string;
  const headers = { 'x-app-key': E2E.appKey, authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'patch' | 'get', path: string, body?: object) => {
    const res = await request[method](`/api/admin/v1${path}`, { headers, ...(body && { data: body }) });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  return {
    post: (path, body) => call('post', path, body),
    patch: async (path, body) => {
      await call('patch', path, body);
    },
    get: (path) => call('get', path),
    upload: async (file) => {
      const res = await request.post('/api/admin/v1/file/upload', { headers, multipart: { file } });
      expect(res.status(), `upload ${file.name}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    },
  };
}

export const address = { address: '1 Test Way', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };

/** A suffix that makes the run's names its own. */
export function uniqueStamp(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`;
}

/** A CAS number no seed uses: 7 random digits and the right (or a wrong) check digit. */
export function casNumber(isValid = true): string {
  const digits = String(1_000_000 + Math.floor(Math.random() * 9_000_000));
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  const check = isValid ? sum % 10 : (sum + 1) % 10;
  return `${digits.slice(0, 5)}-${digits.slice(5)}-${check}`;
}

/** A new customer with one facility each name, named uniquely for the run. */
export async function customerWithFacilities(api: Api, label: string, facilityNames: string[]) {
  const stamp = uniqueStamp();
  const customerName = `${label} Customer ${stamp}`;
  const customer = await api.post('/customers/create', {
    name: customerName,
    address,
    is_same_billing_address: 1,
    is_active: 1,
    encode: true,
  });
  const facilities = [];
  for (const name of facilityNames) {
    const facilityName = `${name} ${stamp}`;
    const facility = await api.post('/facilities/create', {
      name: facilityName,
      customer_id: customer.resource.id,
      address,
      is_active: 1,
      encode: true,
    });
    facilities.push({ id: facility.resource.id, name: facilityName });
  }
  return { id: customer.resource.id, name: customerName, facilities };
}

export async function createInventory(api: Api, customerId: number, facilityId: number, year: number) {
  const created = await api.post('/inventories/create', {
    year,
    customer_id: customerId,
    facility_id: facilityId,
    technician_ids: [],
    is_active: 1,
    encode: true,
  });
  return created.resource.id;
}

/** A small but complete PDF: header, one empty page, cross-reference table and trailer. */
export function minimalPdf(): Buffer {
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ]);
}

/** A PDF of these objects (numbered from 1, the first the catalog) with its cross-reference table. */
function pdfFromObjects(objects: readonly string[]): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A run of text at a point of the page, in points from its bottom left corner. */
export interface PdfText {
  x: number;
  y: number;
  text: string;
}

/**
 * A one-page PDF with a text layer (Helvetica, 10 pt): what a printed SDS's text reads as to a
 * parser, each run where a table's cell would be.
 */
export function textPdf(runs: readonly PdfText[]): Buffer {
  const toPdfString = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = runs
    .map(({ x, y, text }) => `BT /F1 10 Tf ${x} ${y} Td (${toPdfString(text)}) Tj ET`)
    .join('\n');
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]);
}

/**
 * A new technician who has chosen a password through the invitation e-mail a new technician gets
 * (issue 22), as a technician starts.
 */
export async function invitedTechnician(api: Api, request: APIRequestContext, firstName: string) {
  const email = `${firstName.toLowerCase()}.tech.${uniqueStamp()}@e2e.local`;
  const password = 'Field-Work-2026';
  const technician = await api.post('/technicians/create', {
    first_name: firstName,
    last_name: 'Field',
    email,
    phone: '',
    is_active: 1,
    encode: true,
  });
  const mail = latestMailTo(email);
  expect(mail).toContain('Subject: Your ChemTrack account');
  const token = new URL(resetPathFrom(mail), E2E.baseURL).searchParams.get('token');
  const set = await request.post('/api/admin/v1/auth/set-password', {
    headers: { 'x-app-key': E2E.appKey },
    data: { token, password },
  });
  expect(set.status(), await set.text()).toBe(200);
  return { id: technician.resource.id, email, password };
}
