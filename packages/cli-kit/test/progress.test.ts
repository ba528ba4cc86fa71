// A long run's progress as a person reads it: redrawn in place on a terminal, with logged lines above the bar;
// in a log, a line every few seconds and nothing between.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_EVERY_MS, progressBar, progressLine } from '@network-org/cli-kit';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (chunk: string) => written.push(chunk) > 0 } as unknown as NodeJS.WriteStream };
}

afterEach(() => vi.useRealTimers());

describe('a progress line', () => {
  it('is a bar of its width, full when nothing is left to do', () => {
    expect(progressBar(1, 4, 8)).toBe('██░░░░░░');
    expect(progressBar(9, 4, 8)).toBe('████████');
    expect(progressBar(0, 0, 4)).toBe('████');
  });

  it('on a terminal is redrawn in place, prints a logged line above itself, and ends on its own line', () => {
    const { written, stream: out } = stream(true);
    let done = 0;
    const line = progressLine((onTerminal) => `${onTerminal ? 'bar ' : ''}${done}/2`, out);
    done = 1;
    line.update();
    line.log('row 1 failed');
    done = 2;
    line.stop();
    expect(written.join('')).toBe('\r' + 'bar 0/2\x1b[K' + '\rbar 1/2\x1b[K' + '\r\x1b[2Krow 1 failed\n' + '\rbar 1/2\x1b[K' + '\rbar 2/2\x1b[K' + '\n');
  });

  it('in a log prints a line every few seconds without a bar, logged lines as they come, and nothing after its stop', () => {
    vi.useFakeTimers();
    const { written, stream: out } = stream(false);
    let done = 0;
    const line = progressLine((onTerminal) => `${onTerminal ? 'bar ' : ''}${done}/9`, out);
    done = 3;
    line.update();
    expect(written).toEqual([]);
    vi.advanceTimersByTime(PROGRESS_EVERY_MS);
    line.log('row 4 failed');
    line.stop();
    vi.advanceTimersByTime(10 * PROGRESS_EVERY_MS);
    expect(written).toEqual(['3/9\n', 'row 4 failed\n']);
  });
});
