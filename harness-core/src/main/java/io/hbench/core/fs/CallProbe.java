package io.hbench.core.fs;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Which operation a stream's thread is inside, read by the {@link TickSampler}'s thread. Opaque
 * stores: never elided or torn, no fence, so a call pays two plain stores.
 */
final class CallProbe {

  private static final VarHandle STATE;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(CallProbe.class, "state", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** 0 outside any call, else the operation's ordinal + 1. */
  @SuppressWarnings("unused")
  private int state;

  private final AtomicLongArray nanos = new AtomicLongArray(IoOperation.values().length);

  void enter(int opOrdinalPlusOne) {
    STATE.setOpaque(this, opOrdinalPlusOne);
  }

  void exit() {
    STATE.setOpaque(this, 0);
  }

  /** Called by the sampler thread only. */
  void tick(long elapsed) {
    int s = (int) STATE.getOpaque(this);
    if (s != 0) {
      nanos.addAndGet(s - 1, elapsed);
    }
  }

  /** Time credited to {@code op} so far, ns. */
  long nanos(IoOperation op) {
    return nanos.get(op.ordinal());
  }
}
