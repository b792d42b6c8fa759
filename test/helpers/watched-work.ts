import { setImmediate as nextTurn } from 'node:timers/promises';

interface Signal {
  promise: Promise<void>;
  fire: () => void;
}

function signal(): Signal {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

/** What a test can await of one run of a fake tool. */
export interface WatchedRun {
  started: Promise<void>;
  /** The run's abort signal fired. */
  aborted: Promise<void>;
  /** The run returned or threw: it takes no further step. */
  settled: Promise<void>;
}

/**
 * A fake tool's work as its test sees it, so the test awaits events instead of sleeping: it takes the
 * next run before starting the call, then awaits its start, its abort and its end. While held, a step
 * waits until release() or the run's abort.
 */
export class WatchedWork {
  private run = { started: signal(), aborted: signal(), settled: signal() };
  private held: Signal | undefined;

  /** The next run to start (the one in progress once it has started). */
  nextRun(): WatchedRun {
    const { started, aborted, settled } = this.run;
    return { started: started.promise, aborted: aborted.promise, settled: settled.promise };
  }

  hold(): void {
    this.held ??= signal();
  }

  release(): void {
    this.held?.fire();
    this.held = undefined;
  }

  /** Wraps a run of the tool: reports its start, the abort of its signal and its end. */
  async track<T>(abort: AbortSignal, work: () => Promise<T>): Promise<T> {
    const run = this.run;
    this.run = { started: signal(), aborted: signal(), settled: signal() };
    abort.addEventListener('abort', run.aborted.fire, { once: true });
    run.started.fire();
    try {
      return await work();
    } finally {
      run.settled.fire();
    }
  }

  /** One step of the work: a turn of the event loop, or a wait while held; throws once `abort` fires. */
  async step(abort: AbortSignal): Promise<void> {
    abort.throwIfAborted();
    const held = this.held;
    if (!held) await nextTurn();
    else {
      const aborted = signal();
      abort.addEventListener('abort', aborted.fire, { once: true });
      await Promise.race([held.promise, aborted.promise]);
      abort.removeEventListener('abort', aborted.fire);
    }
    abort.throwIfAborted();
  }
}
