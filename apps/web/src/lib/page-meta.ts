import { useEffect } from 'react';
import { create } from 'zustand';

export interface Crumb {
  name: string;
  path?: string;
}

interface PageMeta {
  title: string;
  crumbs: Crumb[];
  set(title: string, crumbs: Crumb[]): void;
}

export const usePageMetaStore = create<PageMeta>()((set) => ({
  title: '',
  crumbs: [],
  set: (title, crumbs) => set({ title, crumbs }),
}));

/** A page names its title and breadcrumbs; the signed-in header shows them. */
export function usePageMeta(title: string, crumbs: Crumb[] = [{ name: title }]) {
  const key = JSON.stringify(crumbs);
  useEffect(() => {
    usePageMetaStore.getState().set(title, JSON.parse(key) as Crumb[]);
    document.title = `${title} · ChemTrack`;
  }, [title, key]);
}
