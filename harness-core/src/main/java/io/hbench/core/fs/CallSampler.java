package io.hbench.core.fs;

/**
 * Picks which calls of a stream get timed: on average one in {@code every}, at random intervals
 * (uniform on 1 .. 2 x every - 1) so that a regular call pattern, such as key then value, cannot
 * line up with the sample. One per stream; not thread-safe, like the stream itself.
 */
final class CallSampler {

  private final int every;
  private int countdown;
  private int state;

  CallSampler(int every, int seed) {
    this.every = Math.max(1, every);
    this.state = seed == 0 ? 0x9E3779B9 : seed;
    this.countdown = next();
  }

  /** True for a call that is only counted; false for one to time (then call {@link #rearm()}). */
  boolean skip() {
    return --countdown > 0;
  }

  void rearm() {
    countdown = next();
  }

  /**
   * The number of calls until the next timed one (the next is timed when it reaches 0), for
   * streams that keep the countdown in a field of their own to save an indirection per call.
   */
  int next() {
    if (every == 1) {
      return 1;
    }
    // xorshift32: cheap, and only run once per timed call.
    int x = state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    state = x;
    return 1 + Integer.remainderUnsigned(x, 2 * every - 1);
  }
}
