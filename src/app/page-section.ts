// What a section plugs into the page, declared in its own folder (src/app/<section>/section.tsx)
// and listed once in sections.ts: its words for the shell (name, banner notes), its home, its
// screens (a chunk of their own where they are large), what it adds to the header and the
// banners, its line in the offline banner, and what it starts with the page. The shell loops
// over the list and names no section.

import type { ComponentType } from 'preact';
import type { SectionId } from '../core/sections.ts';
import type { Lang } from './i18n.ts';

/** A screen's place: the route's path below the section's own part, and its query. */
export interface ScreenProps {
  path: string[];
  params: URLSearchParams;
}

/** What the offline and storage banners say while the reader is in the section. */
export interface SectionNotes {
  offline: string;
  storageProblem: string;
  storageQuota: string;
}

/** The section's words for the shell, from its own strings. */
export interface ShellStrings {
  /** its name in the navigation */
  name: string;
  notes: SectionNotes;
}

/**
 * What the shell and the build know of a section without its screens (section-strings.ts, small,
 * no component): its id, where its screens live and its words. section-cards.ts lists them for
 * the manifest's shortcuts, which the build makes in Node where no screen can load.
 */
export interface SectionCard {
  id: SectionId;
  /**
   * Where its screens live: `own` is `#/<id>/…`; `root` is `#/` and every top-level path no
   * other section or the shell owns (one section only: the home screen's).
   */
  routes: 'own' | 'root';
  strings: Readonly<Record<Lang, ShellStrings>>;
}

export interface PageSection extends SectionCard {
  Screens: ComponentType<ScreenProps>;
  /** in the header while the reader is in the section (before the navigation, and among the tools) */
  HeaderStart?: ComponentType<ScreenProps>;
  Tools?: ComponentType;
  /** a banner while the reader is in the section (online), after the page: one that comes late moves nothing */
  Banner?: ComponentType;
  /** a banner in every section (news of the section the reader should see wherever they are) */
  Notice?: ComponentType;
  /** drawn after the page in every section (a sheet that may open over any screen) */
  Overlay?: ComponentType;
  /** its line in the offline banner: what of it works offline now (reads the offline status itself); nothing when none */
  OfflineLine?: ComponentType;
  /**
   * The paths below the base (as `data/market/status.json`) its worker saves by itself at the first
   * install (its small part): the page does not fetch them once more through the worker when it
   * takes control (pwa.ts keepRead). Loaded then, not with the page.
   */
  savedByWorker?(): Promise<(rel: string) => boolean>;
  /** started once with the page (after the worker is asked about) */
  start?(): void;
}
