import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { ChevronDown, ChevronRight, Menu, PanelLeftClose, UserCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Logo } from '../../components/logo.tsx';
import { cn } from '../../lib/cn.ts';
import { drafts } from '../../lib/drafts.ts';
import { isMenuEntryActive, menuFor } from '../../lib/menu.ts';
import { clearOfflineData } from '../../lib/offline-cache.ts';
import { usePageMetaStore } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { logout } from '../auth/api.ts';
import { useSendKeptLines } from '../inventory-products/send-kept-lines.ts';

const MENU_STATE_KEY = 'sidebar-open';
/** The header's height in px, read by the toaster (components/toaster.tsx) to stay below it. */
export const HEADER_HEIGHT_VAR = '--app-header-height';
const SMALL_SCREEN = '(max-width: 767px)';
/**
 * A phone (390 px and the like): the open menu would cover the whole page, so every page opens
 * with it closed (issue 9: technicians record inventory lines on site). Wider screens keep the
 * choice made earlier in the session.
 */
const PHONE_SCREEN = '(max-width: 479px)';

function readMenuOpen(): boolean {
  if (window.matchMedia(PHONE_SCREEN).matches) return false;
  return sessionStorage.getItem(MENU_STATE_KEY) !== 'false';
}

export function AppLayout() {
  const [isMenuOpen, setMenuOpen] = useState(readMenuOpen);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const user = useSession((s) => s.user);
  const { title, crumbs } = usePageMetaStore();
  const queryClient = useQueryClient();
  // Line saves kept on this device while offline go out when the connection returns (issue 33).
  useSendKeptLines(user?.id);
  const navigate = useNavigate();

  useEffect(() => {
    sessionStorage.setItem(MENU_STATE_KEY, String(isMenuOpen));
  }, [isMenuOpen]);

  // Notices open below the header (issue 22 point 9): its height, which grows when a long title
  // wraps on a phone, is published for the toaster's viewport.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(HEADER_HEIGHT_VAR, `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, []);

  const onChoose = () => {
    if (window.matchMedia(SMALL_SCREEN).matches) setMenuOpen(false);
  };

  const onLogout = async () => {
    try {
      await logout();
    } catch {
      // The session ends on this side whatever the server said.
    }
    // Signing out leaves nothing of the user's on a shared device, unsent drafts included. An
    // expired session (a 401) keeps them: the same user signs in again and finds them.
    if (user) await drafts.clearUser(user.id);
    await clearOfflineData();
    useSession.getState().logout();
    queryClient.clear();
    // Spec 01 §8 reads "Goodbye! Successfully logged out": title plus text.
    toast({
      variant: 'success',
      title: 'Goodbye!',
      description: 'Successfully logged out',
      duration: 10_000,
    });
    await navigate({ to: '/login' });
  };

  const fullName = user?.profile.full_name || 'ChemTrack User';
  // A technician has no menu entries (issue 33 point 11): no drawer, and no button that opens an empty one.
  const menu = menuFor(user?.role);
  const hasMenu = menu.length > 0;

  return (
    <div className="flex h-full">
      {/*
        The first stop for the keyboard: past the menu and the header to the page itself. A link,
        as skip links are (screen readers list it with the links), whose click moves the focus by
        hand: a fragment navigation would add a history entry the router does not know.
      */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link to #main-content, see above */}
      <a
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[110] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-brand-500"
      >
        Skip to content
      </a>
      {hasMenu ? (
        <aside
          aria-label="Main menu"
          className={cn(
            'fixed inset-y-0 left-0 z-30 flex w-[306px] shrink-0 flex-col border-r border-slate-200 bg-white transition-transform md:static',
            // Closed, it is hidden from keyboard and screen readers too, not only moved off screen.
            isMenuOpen ? 'translate-x-0' : 'invisible -translate-x-full md:hidden',
          )}
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            {/* Home is "/", which sends a signed-in user on: the logo is never the current page. */}
            <Link to="/" activeOptions={{ exact: true }} aria-label="ChemTrack home" onClick={onChoose}>
              <Logo />
            </Link>
            <button
              type="button"
              aria-label="Close menu"
              onClick={() => setMenuOpen(false)}
              className="rounded p-1 text-slate-500 hover:bg-slate-100"
            >
              <PanelLeftClose className="h-5 w-5" aria-hidden />
            </button>
          </div>
          <nav className="flex-1 overflow-y-auto p-3">
            <ul className="flex flex-col gap-1">
              {menu.map((entry) => {
                const isActive = isMenuEntryActive(entry, pathname);
                return (
                  <li key={entry.path}>
                    <Link
                      to={entry.path}
                      onClick={onChoose}
                      aria-current={isActive ? 'page' : undefined}
                      className={cn(
                        'flex items-center rounded-md px-3 py-2 text-sm font-medium',
                        isActive
                          ? 'bg-brand-600 text-white'
                          : 'text-slate-700 hover:bg-brand-50 hover:text-brand-700',
                      )}
                    >
                      {entry.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </aside>
      ) : null}
      {hasMenu && isMenuOpen ? (
        // Small screens: the open menu lies over the page; a tap beside it closes it.
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          onClick={() => setMenuOpen(false)}
          className="fixed inset-0 z-20 bg-slate-900/40 md:hidden"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          ref={header}
          className="flex min-h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 py-2"
        >
          {isMenuOpen || !hasMenu ? null : (
            <button
              type="button"
              aria-label="Open menu"
              onClick={() => setMenuOpen(true)}
              className="rounded p-1 text-slate-600 hover:bg-slate-100"
            >
              <Menu className="h-5 w-5" aria-hidden />
            </button>
          )}
          <div className="min-w-0 flex-1">
            {/* A phone wraps a long title (a customer / facility / year) rather than cutting it. */}
            <h1 className="break-words text-lg font-semibold text-slate-900 sm:truncate">{title}</h1>
            <nav aria-label="Breadcrumb">
              <ol className="flex flex-wrap items-center gap-1 text-xs text-slate-500">
                {crumbs.map((crumb, index) => {
                  const isLast = index === crumbs.length - 1;
                  return (
                    <li key={`${crumb.name}-${crumb.path ?? ''}`} className="flex items-center gap-1">
                      {crumb.path && !isLast ? (
                        <Link to={crumb.path} className="hover:text-brand-700 hover:underline">
                          {crumb.name}
                        </Link>
                      ) : (
                        <span
                          className={cn(isLast && 'font-semibold text-slate-800')}
                          aria-current={isLast ? 'page' : undefined}
                        >
                          {crumb.name}
                        </span>
                      )}
                      {isLast ? null : <ChevronRight className="h-3 w-3" aria-hidden />}
                    </li>
                  );
                })}
              </ol>
            </nav>
          </div>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
              <UserCircle2 className="h-6 w-6 text-slate-500" aria-hidden />
              <span className="hidden sm:inline">{fullName}</span>
              <ChevronDown className="h-4 w-4" aria-hidden />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={6}
                className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
              >
                <DropdownMenu.Item
                  onSelect={() => void navigate({ to: '/profile' })}
                  className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
                >
                  Profile
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  onSelect={() => void onLogout()}
                  className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
                >
                  Logout
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          // On a phone an open notice spans the width under the header: the page starts below it
          // rather than under it (issue 33 point 15; the toaster publishes --notice-height).
          className="flex-1 overflow-y-auto p-4 pt-[calc(1rem+var(--notice-height,0px))] focus:outline-none sm:pt-4 md:p-6"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
