package io.hbench.core.cluster;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * The process's shutdown hooks, the JVM's and Hadoop's, as they were before an embedded cluster
 * started, given back when it stops. The mini clusters and the libraries under them register
 * hooks as they start (Guava's for their executors, HBase's procedure workers) and stop without
 * removing them, and {@code MiniDFSCluster.shutdown()} clears every hook Hadoop's manager holds,
 * the caller's among them. Once the cluster has stopped, its services' hooks have nothing left to
 * do; a tool that embeds hbench gets back the hooks it had.
 *
 * <p>Neither set of hooks has a public list, so both are read by reflection (the JVM's needs
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED}, as the mini clusters do); where a list
 * cannot be read, it is left as it is.
 */
final class ShutdownHookSnapshot {

  /** One of Hadoop's hooks, with its place in the order. */
  private record HadoopHook(Runnable hook, int priority, long timeout, TimeUnit unit) {}

  private final Set<Thread> jvm;
  private final List<HadoopHook> hadoop;

  private ShutdownHookSnapshot(Set<Thread> jvm, List<HadoopHook> hadoop) {
    this.jvm = jvm;
    this.hadoop = hadoop;
  }

  /** The hooks now. */
  static ShutdownHookSnapshot take() {
    return new ShutdownHookSnapshot(jvmHooks(), hadoopHooks());
  }

  /** Removes the hooks added since {@link #take}, and adds back Hadoop's that were removed. */
  void restore() {
    Set<Thread> now = jvmHooks();
    if (jvm != null && now != null) {
      for (Thread t : now) {
        if (!jvm.contains(t)) {
          try {
            Runtime.getRuntime().removeShutdownHook(t);
          } catch (IllegalStateException e) {
            return; // the process is exiting: its hooks are running
          }
        }
      }
    }
    List<HadoopHook> current = hadoopHooks();
    if (hadoop == null || current == null) {
      return;
    }
    ShutdownHookManager m = ShutdownHookManager.get();
    if (m.isShutdownInProgress()) {
      return;
    }
    Map<Runnable, HadoopHook> was = new HashMap<>();
    hadoop.forEach(h -> was.put(h.hook(), h));
    for (HadoopHook h : current) {
      if (!was.containsKey(h.hook())) {
        m.removeShutdownHook(h.hook());
      }
    }
    for (HadoopHook h : hadoop) {
      if (!m.hasShutdownHook(h.hook())) {
        m.addShutdownHook(h.hook(), h.priority(), h.timeout(), h.unit());
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Set<Thread> jvmHooks() {
    try {
      Class<?> c = Class.forName("java.lang.ApplicationShutdownHooks");
      Field f = c.getDeclaredField("hooks");
      f.setAccessible(true);
      synchronized (c) {
        Map<Thread, Thread> hooks = (Map<Thread, Thread>) f.get(null);
        return hooks == null ? null : Set.copyOf(hooks.keySet());
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // not readable here (no --add-opens): left as they are
    }
  }

  private static List<HadoopHook> hadoopHooks() {
    try {
      Field f = ShutdownHookManager.class.getDeclaredField("hooks");
      f.setAccessible(true);
      List<HadoopHook> out = new ArrayList<>();
      for (Object e : new ArrayList<>((Set<?>) f.get(ShutdownHookManager.get()))) {
        out.add(new HadoopHook((Runnable) field(e, "hook"), (Integer) field(e, "priority"),
            (Long) field(e, "timeout"), (TimeUnit) field(e, "unit")));
      }
      return out;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  private static Object field(Object o, String name) throws ReflectiveOperationException {
    Field f = o.getClass().getDeclaredField(name);
    f.setAccessible(true);
    return f.get(o);
  }
}
