import fs from 'node:fs';
import path from 'node:path';
import { tsxSourceLines } from './tsxLines';

/** What Node's --cpu-prof writes: V8's sampled call tree, each sample a node id and the time since the one before (µs). */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
  /** µs on the machine's monotonic clock, the one process.hrtime reads. */
  startTime: number;
}

/** A span of the monotonic clock in µs (process.hrtime.bigint() / 1000n, in any process on the machine). */
export interface ProfileWindow {
  fromMicros: number;
  toMicros: number;
}

/** The profile's samples taken within `window` (all without one): each its node and its time in µs. */
function samplesWithin(profile: CpuProfile, window?: ProfileWindow): Array<{ id: number; micros: number }> {
  let at = profile.startTime;
  const kept: Array<{ id: number; micros: number }> = [];
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    if (!window || (at >= window.fromMicros && at <= window.toMicros)) kept.push({ id, micros: profile.timeDeltas[i] });
  });
  return kept;
}

type Frame = CpuProfile['nodes'][number]['callFrame'];

/** Where a frame's time counts: V8's own pseudo-frames by name, else by where its code lives. */
function categoryOf({ functionName, url }: Frame): string {
  if (functionName === '(idle)' || functionName === '(garbage collector)' || functionName === '(program)') return functionName;
  if (url.includes('/node_modules/')) return 'node_modules';
  if (url.includes('/server/') || url.includes('/shared/')) return 'our code (/server/, /shared/)';
  if (url.startsWith('node:')) return 'Node internals (node:)';
  return 'other (V8 builtins, native, root)';
}

const sourceLine = tsxSourceLines();

/** A frame as file:line (1-based, our TypeScript's own line where tsx's cache tells it), the repository's root left off. */
function placeOf({ url, lineNumber, columnNumber }: Frame, root: string): string {
  const file = url.replace(/^file:\/\//, '');
  if (!file) return '(native)';
  const line = (file.endsWith('.ts') && sourceLine(file, lineNumber, columnNumber)) || lineNumber + 1;
  return `${file.replace(`${root}/`, '')}:${line}`;
}

const keyOf = (frame: Frame, root: string) => `${frame.functionName || '(anonymous)'} ${placeOf(frame, root)}`;

/**
 * Self time per function (summed over every tree node it has), and total time per function
 * (self and below), a function counted once where it is on the stack more than once.
 */
function timesOf(profile: CpuProfile, root: string, samples: Array<{ id: number; micros: number }>) {
  const selfOfNode = new Map<number, number>();
  for (const { id, micros } of samples) selfOfNode.set(id, (selfOfNode.get(id) ?? 0) + micros);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const categories = new Map<string, number>();
  const onStack = new Map<string, number>();
  const childIds = new Set(profile.nodes.flatMap((node) => node.children ?? []));
  // Walked without recursion: a deep stack would overflow ours. Under each node the same stack of keys.
  const walk = (rootId: number) => {
    const below = new Map<number, number>();
    const order: Array<{ id: number; leaving: boolean }> = [{ id: rootId, leaving: false }];
    while (order.length) {
      const { id, leaving } = order.pop()!;
      const node = byId.get(id)!;
      const key = keyOf(node.callFrame, root);
      if (!leaving) {
        onStack.set(key, (onStack.get(key) ?? 0) + 1);
        order.push({ id, leaving: true }, ...(node.children ?? []).map((child) => ({ id: child, leaving: false })));
        continue;
      }
      const own = selfOfNode.get(id) ?? 0;
      const sum = own + (node.children ?? []).reduce((acc, child) => acc + (below.get(child) ?? 0), 0);
      below.set(id, sum);
      self.set(key, (self.get(key) ?? 0) + own);
      categories.set(categoryOf(node.callFrame), (categories.get(categoryOf(node.callFrame)) ?? 0) + own);
      const depth = onStack.get(key)! - 1;
      onStack.set(key, depth);
      if (depth === 0) total.set(key, (total.get(key) ?? 0) + sum);
    }
  };
  for (const node of profile.nodes) if (!childIds.has(node.id)) walk(node.id);
  return { self, total, categories };
}

/**
 * The .cpuprofile files Node wrote in `dir`, one a thread (CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile):
 * the main thread's first, then the others (the module loader's, workers').
 */
export function profilesIn(dir: string): Array<{ file: string; thread: number }> {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile')) : [];
  return names.map((name) => ({ file: path.join(dir, name), thread: Number(name.split('.').at(-3)) })).sort((a, b) => a.thread - b.thread);
}

/** A thread's profile in one line: how long it was sampled and how much of that it was busy. */
export function profileBusy(file: string): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const idleIds = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
  const all = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  const idle = profile.samples.reduce((sum, id, i) => sum + (idleIds.has(id) ? profile.timeDeltas[i] : 0), 0);
  return `${(all / 1e6).toFixed(1)} s sampled, ${((all - idle) / 1e6).toFixed(1)} s not idle`;
}

/**
 * The profile as lines to print (its samples within `window`, if given): its length, the share of samples by category, the top
 * functions by self time, and our code's functions by total time (where the time under them goes).
 */
export function summariseProfile(file: string, root: string, window?: ProfileWindow, top = 15): string[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const samples = samplesWithin(profile, window);
  const { self, total, categories } = timesOf(profile, root, samples);
  const all = samples.reduce((sum, sample) => sum + sample.micros, 0);
  const share = (micros: number) => `${((micros / all) * 100).toFixed(1).padStart(5)}%`;
  const ms = (micros: number) => `${(micros / 1000).toFixed(0).padStart(7)} ms`;
  const ranked = (times: Map<string, number>, keep: (key: string) => boolean = () => true) =>
    [...times]
      .filter(([key]) => keep(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top);
  const ours = (key: string) => key.includes(' server/') || key.includes(' shared/');
  const busy = all - (categories.get('(idle)') ?? 0);
  return [
    `CPU profile of the web process's main thread while the crowd was on: ${(all / 1e6).toFixed(1)} s sampled, ${samples.length} samples, ${(busy / 1e6).toFixed(1)} s not idle`,
    '  share of samples:',
    ...[...categories].sort((a, b) => b[1] - a[1]).map(([name, micros]) => `    ${share(micros)} ${ms(micros)}  ${name}`),
    `  top ${top} functions by self time:`,
    ...ranked(self).map(([key, micros]) => `    ${share(micros)} ${ms(micros)}  ${key}`),
    `  our code's top ${top} functions by total time (self and what they call):`,
    ...ranked(total, ours).map(([key, micros]) => `    ${share(micros)} ${ms(micros)}  ${key}`),
  ];
}
