import { describe, expect, it } from 'vitest';
import { isMenuEntryActive, MENU, type MenuEntry, menuFor } from './menu.ts';

function entry(label: string): MenuEntry {
  const found = MENU.find((e) => e.label === label);
  if (!found) throw new Error(`no menu entry ${label}`);
  return found;
}

describe('isMenuEntryActive', () => {
  const containers = entry('Containers Mgmt.');

  it('highlights an entry on its path and on any path below it', () => {
    expect(isMenuEntryActive(containers, '/containers')).toBe(true);
    expect(isMenuEntryActive(containers, '/containers/12')).toBe(true);
    expect(isMenuEntryActive(entry('Products Mgmt.'), '/products/3/chemical-components')).toBe(true);
  });

  it('highlights an entry on its alias only when the path equals it', () => {
    expect(isMenuEntryActive(containers, '/units')).toBe(true);
    expect(isMenuEntryActive(containers, '/units/4')).toBe(false);
    expect(isMenuEntryActive(containers, '/units-archive')).toBe(false);
  });

  it('leaves other entries alone', () => {
    expect(isMenuEntryActive(entry('Inventories'), '/containers')).toBe(false);
    expect(isMenuEntryActive(entry('User Mgmt.'), '/profile')).toBe(false);
  });
});

describe('menuFor', () => {
  it('shows every entry while the role is unknown', () => {
    expect(menuFor(undefined)).toHaveLength(MENU.length);
  });

  it('gives staff all but Database Entry, User Mgmt., Audit Log and Backups, and technicians nothing', () => {
    expect(menuFor('admin').map((e) => e.label)).toEqual(MENU.map((e) => e.label));
    expect(menuFor('staff').map((e) => e.label)).not.toContain('Database Entry');
    expect(menuFor('staff').map((e) => e.label)).not.toContain('User Mgmt.');
    expect(menuFor('staff').map((e) => e.label)).not.toContain('Audit Log');
    expect(menuFor('staff').map((e) => e.label)).not.toContain('Backups');
    expect(menuFor('staff')).toHaveLength(MENU.length - 4);
    expect(menuFor('technician')).toEqual([]);
  });
});
