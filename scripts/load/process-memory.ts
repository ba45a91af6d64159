import { readFileSync, writeFileSync } from 'node:fs';

/** A process's memory from Linux /proc: resident now, and the peak since start or the last `resetPeak`. */
export interface Memory {
  rss: number;
  peak: number;
}

export function memory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** Sets VmHWM back to the current RSS, so the next reading is the peak from now on (Linux, own process). */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
