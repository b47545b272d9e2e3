// A section's screens (or its header's parts) as a separate chunk, loaded on the first visit (and
// precached by the service worker like the rest of the app), so the start-up bundle does not
// carry them. main.tsx asks for the opening route's before the first render.

import type { ComponentType } from 'preact';
import { lazyComponent } from './lazy-component.tsx';

import type { ScreenProps } from '../page-section.ts';

export type { ScreenProps };

/**
 * Starts loading the chunk `C` stands for, where it is lazy; resolves once it is in (at once for
 * a component in the start-up bundle). Asked for as the page starts, on the route that opens it:
 * the chunk (and what it fetches first) then no longer waits for the first render and its
 * effects, a link less in a first visit's chain under a phone's network (issue 38).
 */
export function preloadScreens(C: ComponentType<ScreenProps> | ComponentType | undefined): Promise<void> {
  return (C as { preload?: () => Promise<void> } | undefined)?.preload?.() ?? Promise.resolve();
}

/** A section's screens, "loading" until their chunk is in. */
export const lazyScreens = (load: () => Promise<ComponentType<ScreenProps>>) => lazyComponent<ScreenProps>(load);

/** A part a section adds to the header or the banners: nothing until its chunk is in. */
export const lazyPart = <P extends object>(load: () => Promise<ComponentType<P>>) => lazyComponent<P>(load, null);
