/** Adds the process's CPU time since the previous call to `target[name]` (nothing without a target). */
export function stepClock(target: Record<string, number> | null): (name: string) => void {
  let last = process.cpuUsage();
  return (name) => {
    if (!target) return;
    const now = process.cpuUsage();
    target[name] = (target[name] ?? 0) + (now.user - last.user + now.system - last.system) / 1000;
    last = now;
  };
}
