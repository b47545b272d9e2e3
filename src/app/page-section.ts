// What a section plugs into the page: its name in the navigation, what the banners say while
// the reader is in it, and its screens (`#/<id>/…`, a chunk of their own). The list is sections.ts.

import type { ComponentType } from 'preact';
import type { SectionNotes, Strings } from './i18n.ts';
import type { Section } from './router.ts';
import type { ScreenProps } from './ui/lazy-screens.tsx';

export interface PageSection {
  id: Section;
  name(t: Strings): string;
  notes(t: Strings): SectionNotes;
  Screens: ComponentType<ScreenProps>;
}
