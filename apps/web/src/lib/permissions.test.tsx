import fs from 'node:fs';
import path from 'node:path';
import { ACTIONS, PERMISSIONS, ROLES, type Role, type UserResource } from '@chemtrack/domain';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MENU, menuFor } from './menu.ts';
import { canNow, useCan } from './permissions.ts';
import { useSession } from './session.ts';

function signInAs(role: Role) {
  useSession.getState().signIn('token', { id: 1, role } as UserResource, false);
}

afterEach(() => useSession.getState().logout());

describe('useCan', () => {
  for (const role of ROLES) {
    it(`answers as the domain's PERMISSIONS table for ${role}`, () => {
      signInAs(role);
      const answers = Object.fromEntries(
        ACTIONS.map((action) => [action, renderHook(() => useCan(action)).result.current]),
      );
      const table = Object.fromEntries(
        ACTIONS.map((action) => [action, (PERMISSIONS[action] as readonly Role[]).includes(role)]),
      );
      expect(answers).toEqual(table);
      expect(ACTIONS.filter((action) => canNow(action))).toEqual(ACTIONS.filter((action) => table[action]));
    });
  }

  it('grants nothing while signed out', () => {
    expect(ACTIONS.filter((action) => renderHook(() => useCan(action)).result.current)).toEqual([]);
  });

  it('shows each role the menu entries whose action the table grants it', () => {
    for (const role of ROLES) {
      const granted = MENU.filter((entry) => (PERMISSIONS[entry.action] as readonly Role[]).includes(role));
      expect(menuFor(role)).toEqual(granted);
    }
  });
});

describe('role rules on the web', () => {
  // A screen that compares roles itself would drift from the server's table: it asks useCan.
  it('are written nowhere but the permissions module', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(full, 'utf8');
          if (/\brole\s*[!=]==\s*'(admin|staff|technician)'/.test(text))
            offenders.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
