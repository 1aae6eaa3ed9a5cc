import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * CPU seconds per process of a benchmark's stack, read from /proc (Linux; zeros elsewhere):
 * utime + stime of a process, plus for a process tree (PostgreSQL's postmaster) those of its
 * live descendants and the reaped ones' (cutime + cstime), so backends that come and go still
 * count. The run-queue wait (time runnable but waiting for a CPU) comes with it: what the
 * shared machine cost each part.
 */

/** One process whose CPU a benchmark reports. */
export interface CpuPart {
  /** Its key in the JSON line's `cpuSeconds`. */
  name: string;
  /** Its name in the human line. */
  label: string;
  pid: number;
  /** Its descendants count with it (a server that forks, as PostgreSQL does per connection). */
  tree: boolean;
}

/** Cumulative CPU and run-queue wait, in seconds. */
export interface CpuShare {
  cpu: number;
  /** Time its threads were runnable but waiting for a CPU: what the shared machine costs it. */
  waiting: number;
}

/** What one measured span cost, per part (keyed by `CpuPart.name`). */
export interface CpuSpan {
  seconds: number;
  parts: Record<string, CpuShare>;
  /** The machine's CPU seconds (all CPUs) over the span, and those the hypervisor gave another guest (steal). */
  machine: { total: number; stolen: number };
}

/** Clock ticks per second, the unit of /proc/<pid>/stat's times (`getconf CLK_TCK`, 100 on Linux). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, seconds. */
  own: number;
  /** cutime + cstime: the reaped children's, seconds. */
  reaped: number;
}

/** Every process's /proc/<pid>/stat; empty where there is no /proc. */
function readProcs(): ProcStat[] {
  let dirs: string[];
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  return dirs.flatMap((d) => {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields start after the last ')'.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ pid: Number(d), ppid: Number(f[1]), comm, own: (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND, reaped: (Number(f[13]) + Number(f[14])) / TICKS_PER_SECOND }];
    } catch {
      return []; // It ended while we listed.
    }
  });
}

/** Every process below `pid` (children first, then theirs). */
export function descendants(pid: number, procs: Array<{ pid: number; ppid: number }> = readProcs()): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const p of procs) {
      if (p.ppid !== parent) continue;
      found.push(p.pid);
      queue.push(p.pid);
    }
  }
  return found;
}

/** The first process below `pid` whose command name starts with `comm` (a server a library started without telling its pid). */
export function descendantNamed(pid: number, comm: string): number | null {
  const procs = readProcs();
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  return descendants(pid, procs).find((d) => byPid.get(d)?.comm.startsWith(comm)) ?? null;
}

/** Cumulative CPU and run-queue wait of each part now. */
export function readCpu(parts: CpuPart[]): Record<string, CpuShare> {
  const procs = readProcs();
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  return Object.fromEntries(
    parts.map((part) => {
      const pids = [part.pid, ...(part.tree ? descendants(part.pid, procs) : [])];
      let cpu = 0;
      let waiting = 0;
      for (const pid of pids) {
        const p = byPid.get(pid);
        if (!p) continue;
        cpu += p.own + (part.tree ? p.reaped : 0);
        waiting += runQueueWait(pid);
      }
      return [part.name, { cpu, waiting }];
    }),
  );
}

/**
 * The machine's CPU time so far, all CPUs (/proc/stat's first line), and its steal: time a
 * virtual CPU was ready while the hypervisor ran another guest. On a shared host it comes and
 * goes within seconds, and a floor measured in a stolen spell runs slow: the report shows it.
 */
function readMachine(): { total: number; stolen: number } {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: f.reduce((a, b) => a + b, 0) / TICKS_PER_SECOND, stolen: (f[7] ?? 0) / TICKS_PER_SECOND };
  } catch {
    return { total: 0, stolen: 0 };
  }
}

/** Starts counting; the returned function gives what each part spent since. */
export function startCpu(parts: CpuPart[]): () => CpuSpan {
  const before = readCpu(parts);
  const machineBefore = readMachine();
  const started = performance.now();
  return () => {
    const after = readCpu(parts);
    const machineAfter = readMachine();
    const diff = (name: string): CpuShare => ({ cpu: after[name].cpu - before[name].cpu, waiting: after[name].waiting - before[name].waiting });
    return {
      seconds: (performance.now() - started) / 1000,
      parts: Object.fromEntries(parts.map((p) => [p.name, diff(p.name)])),
      machine: { total: machineAfter.total - machineBefore.total, stolen: machineAfter.stolen - machineBefore.stolen },
    };
  };
}

/** The share of the machine's CPU time stolen over a span, in percent (0 without /proc). */
export const stolenPercent = (span: CpuSpan): number => (span.machine.total > 0 ? (span.machine.stolen / span.machine.total) * 100 : 0);

/** Adds `span` into `total` (spans of one run, e.g. each measured load). */
export function addSpan(total: CpuSpan, span: CpuSpan): void {
  total.seconds += span.seconds;
  total.machine.total += span.machine.total;
  total.machine.stolen += span.machine.stolen;
  for (const [name, s] of Object.entries(span.parts)) {
    const t = (total.parts[name] ??= { cpu: 0, waiting: 0 });
    t.cpu += s.cpu;
    t.waiting += s.waiting;
  }
}

/** CPU seconds per part, to 0.01 s: the JSON line's `cpuSeconds`. */
export function cpuSeconds(span: CpuSpan): Record<string, number> {
  return Object.fromEntries(Object.entries(span.parts).map(([name, s]) => [name, Math.round(s.cpu * 100) / 100]));
}

/** The human line: each part's CPU seconds, share of one core and run-queue wait over the span. */
export function formatCpu(span: CpuSpan, parts: CpuPart[]): string {
  const label = (name: string) => parts.find((p) => p.name === name)?.label ?? name;
  const share = ([name, s]: [string, CpuShare]) =>
    `${label(name)} ${s.cpu.toFixed(1)} s (${span.seconds > 0 ? ((s.cpu / span.seconds) * 100).toFixed(0) : '-'}% of a core, ${s.waiting.toFixed(1)} s waiting for a CPU)`;
  return `CPU seconds over the measured phase (${span.seconds.toFixed(1)} s, ${stolenPercent(span).toFixed(0)}% of the machine's CPU time stolen by the hypervisor): ${Object.entries(span.parts).map(share).join('; ')}`;
}

/** Seconds the process's threads spent runnable but not running (/proc/<pid>/task/<tid>/schedstat, field 2). */
function runQueueWait(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => {
      try {
        return sum + Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
      } catch {
        return sum;
      }
    }, 0);
  } catch {
    return 0;
  }
}
