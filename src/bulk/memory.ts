import { setFlagsFromString } from 'node:v8';

/**
 * A bulk run allocates briskly but keeps little alive (one chunk, a few rows in flight). V8 reads
 * that pace as a reason to grow its young generation to the maximum (two 16 MiB semi-spaces,
 * committed for the rest of the run): about 25 MiB of peak RSS for nothing. Keeping the
 * semi-spaces at their starting size costs a few more, cheap, scavenges. V8 reads this flag each
 * time it considers growing them, so it works when set at run time (the size limits themselves
 * are fixed at start-up and do not).
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
