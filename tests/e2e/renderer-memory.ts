// The peak resident memory of the browser's renderer processes while a test runs: the pids from
// Chromium itself (CDP SystemInfo.getProcessInfo), the peak from Linux (/proc/<pid>/status
// VmHWM, the high-water mark of the resident set). A renderer the test's page or worker started
// after `watchRenderers` is counted; one that runs away past `killMb` is killed at once (its
// page crashes and the test fails naming the figure), so a hostile file cannot take the shared
// machine's memory while a test shows that it would.

import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';

interface ProcessInfo {
  type: string;
  id: number;
}

async function rendererPids(browser: Browser): Promise<number[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: ProcessInfo[] };
    return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** VmHWM and VmRSS of a process, in kB; undefined once it has gone. */
function memoryOf(pid: number): { hwm: number; rss: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { hwm: kb('VmHWM'), rss: kb('VmRSS') };
  } catch {
    return undefined;
  }
}

export interface RendererPeak {
  /** the highest peak of any renderer started since the watch began, in MB */
  peakMb: number;
  /** renderers killed for passing `killMb` */
  killed: number[];
}

export interface RendererWatch {
  stop: () => Promise<RendererPeak>;
  /** the peak so far, in MB */
  now: () => number;
}

/** Starts watching the renderers that appear from now on (the ones already running are left out). */
export async function watchRenderers(browser: Browser, { killMb = 1500, everyMs = 200 } = {}): Promise<RendererWatch> {
  const before = new Set(await rendererPids(browser));
  const peaks = new Map<number, number>();
  const killed: number[] = [];
  let pids: number[] = [];
  let stopped = false;
  const sample = () => {
    for (const pid of pids) {
      const m = memoryOf(pid);
      if (!m) continue;
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, m.hwm, m.rss));
      if (m.rss > killMb * 1024 && !killed.includes(pid)) {
        killed.push(pid);
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  };
  const loop = (async () => {
    for (let round = 0; !stopped; round++) {
      // The list of processes now and then (a CDP call); their memory at every round.
      if (round % 5 === 0) pids = (await rendererPids(browser).catch(() => pids)).filter((p) => !before.has(p));
      sample();
      await new Promise((ok) => setTimeout(ok, everyMs));
    }
  })();
  return {
    now: () => Math.round(Math.max(0, ...peaks.values()) / 1024),
    stop: async () => {
      stopped = true;
      await loop;
      pids = (await rendererPids(browser).catch(() => pids)).filter((p) => !before.has(p));
      sample();
      return { peakMb: Math.round(Math.max(0, ...peaks.values()) / 1024), killed };
    },
  };
}
