import { type Action, isAllowed } from '@chemtrack/domain';
import { useSession } from './session.ts';

/**
 * Whether the signed-in user may perform an action, from the domain's PERMISSIONS table (the one
 * the server's route guard reads), so a screen never writes a role rule of its own.
 */
export function useCan(action: Action): boolean {
  return useSession((state) => isAllowed(state.user?.role, action));
}

/** The same answer outside React (route guards in `beforeLoad`). */
export function canNow(action: Action): boolean {
  return isAllowed(useSession.getState().user?.role, action);
}
