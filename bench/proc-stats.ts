/** CPU time and memory of another process, from /proc (Linux). */
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

export interface ProcSample {
  cpuSeconds: number;
  rssMiB: number;
  peakMiB: number;
}

/** This process's CPU since `before` (a `process.cpuUsage()`), as a share of one core over `seconds`. */
export function ownCpuShare(before: NodeJS.CpuUsage, seconds: number): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6 / seconds;
}

export function sampleProc(pid: number): ProcSample {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return {
    cpuSeconds: (utime + stime) / TICKS_PER_SECOND,
    rssMiB: kib("VmRSS") / 1024,
    peakMiB: kib("VmHWM") / 1024,
  };
}
