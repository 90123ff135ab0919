import type { Command } from 'commander';

/** `shorty urls list`: a command's path by its names, never its aliases. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}
