// The shell's interface text in Nepali and English (each section's own words are in its folder:
// src/app/<section>/strings.ts); the choice of language is remembered on the device.

import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export type Lang = 'ne' | 'en';

const ne = {
  appName: 'खोज',
  updateReady: 'नयाँ संस्करण तयार छ',
  reload: 'फेरि खोल्नुहोस्',
  dismiss: 'पछि',
  install: {
    offer: 'खोजलाई एपझैँ फोनको होम स्क्रिनमा राख्ने? इन्टरनेटबिना पनि एकै थिचाइमा खुल्छ।',
    yes: 'एप राख्नुहोस्',
    no: 'अहिले होइन',
    explain: 'खोजलाई होम स्क्रिनमा राख्न: Safari को साझा बटन (□↑) थिच्नुहोस्, अनि "Add to Home Screen" (होम स्क्रिनमा थप्नुहोस्) छान्नुहोस्।',
    understood: 'बुझेँ',
  },
  saving: 'साँच्दै',
  error: 'केही गडबड भयो',
  retry: 'फेरि प्रयास',
  language: 'English',
  sections: 'खण्डहरू',
  tools: 'साधनहरू',
  loading: 'खुल्दैछ…',
  /** what is on the device for offline use, per section (the first-install banner) */
  offline: {
    title: 'इन्टरनेटबिना चल्ने कुरा साँचियो',
    saving: 'इन्टरनेटबिना चलाउन साँच्दै…',
  },
  /** a notice's close button (×) */
  close: 'बन्द गर्नुहोस्',
  /** offline, and what a screen asked for is not on the device (the worker's 503: client/offline.ts isNotSaved) */
  notSaved: {
    page: 'इन्टरनेट छैन, र यो कुरा अझै यो यन्त्रमा साँचिएको छैन; इन्टरनेट जोडिएपछि फेरि प्रयास गर्नुहोस्',
  },
};

const en: typeof ne = {
  appName: 'Khoj',
  updateReady: 'A new version is ready',
  reload: 'Reload',
  dismiss: 'Later',
  install: {
    offer: 'Put Khoj on your home screen like an app? It opens with one tap, offline too.',
    yes: 'Install',
    no: 'Not now',
    explain: 'To put Khoj on your home screen: tap Safari\'s Share button (□↑), then "Add to Home Screen".',
    understood: 'Got it',
  },
  saving: 'Saving',
  error: 'Something went wrong',
  retry: 'Try again',
  language: 'नेपाली',
  sections: 'Sections',
  tools: 'Tools',
  loading: 'Loading…',
  offline: {
    title: 'Saved for offline use',
    saving: 'Saving for offline use…',
  },
  close: 'Close',
  notSaved: {
    page: 'Offline, and this is not saved on this device yet; try again when you are online',
  },
};

export type Strings = typeof ne;

/** English's singular for one ("1 word"), its plural otherwise; `n` as written (grouped, "1,234"). Nepali needs none. */
export function plural(n: string, one: string, other: string): string {
  return n === '1' ? one : other;
}
export const STRINGS: Record<Lang, Strings> = { ne, en };

const KEY = 'khoj.lang';
export const savedLang = (): Lang => (localStorage.getItem(KEY) === 'en' ? 'en' : 'ne');
/** The language the reader chose, undefined when never chosen. */
export const chosenLang = (): Lang | undefined => (localStorage.getItem(KEY) === 'en' ? 'en' : localStorage.getItem(KEY) === 'ne' ? 'ne' : undefined);
export const saveLang = (lang: Lang) => localStorage.setItem(KEY, lang);

export const LangContext = createContext<Lang>('ne');
/** The one strings hook: a section's table of texts, in the reader's language. */
export const useStrings = <T>(table: Readonly<Record<Lang, T>>): T => table[useContext(LangContext)];
export const useT = (): Strings => useStrings(STRINGS);
export const useLang = (): Lang => useContext(LangContext);
