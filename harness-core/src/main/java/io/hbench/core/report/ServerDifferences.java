package io.hbench.core.report;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.Environment;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ServerFingerprint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What differs between the servers of several sides (labels), by role: their recorded settings
 * ({@link ServerFingerprint#config()}: a setting one side left at its default shows as {@value
 * #DEFAULT}), their version, JVM, {@code -X} arguments, cores, memory and operating system. A
 * role is compared only where every side has servers of it with their settings read; a setting
 * differs when the set of values its servers of that role have is not the same on every side.
 */
@Internal
public final class ServerDifferences {

  /** A setting a server does not set: its version's default. */
  public static final String DEFAULT = "(default)";

  private ServerDifferences() {}

  /**
   * One difference.
   *
   * @param roles the roles whose servers differ in it, in the order records list them
   * @param what the setting's key, or a fact ({@code version}, {@code jvm}, {@code jvm_args},
   *     {@code cores}, {@code memory}, {@code os})
   * @param values per side, the values its servers of those roles have
   */
  public record Difference(List<String> roles, String what, List<Set<String>> values) {

    /** As {@code compare} prints it: {@code namenode dfs.namenode.handler.count: A 10; B 20}. */
    public String text(List<String> sides) {
      StringBuilder b = new StringBuilder(String.join(", ", roles)).append(' ').append(what)
          .append(':');
      for (int i = 0; i < sides.size(); i++) {
        b.append(i == 0 ? " " : "; ").append(sides.get(i)).append(' ')
            .append(String.join(" | ", values.get(i)));
      }
      return b.toString();
    }
  }

  /** The differences between {@code sides}' servers; none when a side has no fingerprints. */
  public static List<Difference> between(List<List<ResultRecord>> sides) {
    List<Map<String, List<Map<String, String>>>> facts = new ArrayList<>();
    for (List<ResultRecord> side : sides) {
      facts.add(facts(side));
    }
    // Per role and key, the values on each side; then keys that differ alike on several roles
    // are said once.
    Map<String, Difference> byWhatAndValues = new LinkedHashMap<>();
    Set<String> roles = new java.util.LinkedHashSet<>(facts.get(0).keySet());
    for (Map<String, List<Map<String, String>>> f : facts) {
      roles.retainAll(f.keySet());
    }
    for (String role : roles) {
      Set<String> keys = new TreeSet<>();
      facts.forEach(f -> f.get(role).forEach(server -> keys.addAll(server.keySet())));
      for (String key : keys) {
        List<Set<String>> values = new ArrayList<>();
        for (Map<String, List<Map<String, String>>> f : facts) {
          Set<String> v = new TreeSet<>();
          f.get(role).forEach(server -> v.add(server.getOrDefault(key, DEFAULT)));
          values.add(v);
        }
        if (values.stream().distinct().count() > 1) {
          byWhatAndValues.merge(key + "\u0000" + values,
              new Difference(List.of(role), key, values),
              (a, b) -> {
                List<String> both = new ArrayList<>(a.roles());
                both.addAll(b.roles());
                return new Difference(List.copyOf(both), a.what(), a.values());
              });
        }
      }
    }
    List<Difference> out = new ArrayList<>(byWhatAndValues.values());
    // Facts (version, jvm ...) before settings, each group by name.
    out.sort(java.util.Comparator.comparing((Difference d) -> !FACTS.contains(d.what()))
        .thenComparing(Difference::what));
    return out;
  }

  /**
   * How many of {@code records} name a server configuration they do not hold: its line was not
   * in their results file (a record copied alone into another file). Their servers' settings are
   * then left out of every comparison.
   */
  public static int missingConfigurations(List<ResultRecord> records) {
    int n = 0;
    for (ResultRecord r : records) {
      Environment e = r.environment();
      if (e != null && e.servers() != null && e.servers().stream().anyMatch(s -> s.config() != null
          && (e.serverConfigs() == null || !e.serverConfigs().containsKey(s.config())))) {
        n++;
      }
    }
    return n;
  }

  /** The line that says so, or null when none is missing. */
  public static String missingConfigurationsLine(String side, List<ResultRecord> records) {
    int n = missingConfigurations(records);
    return n == 0 ? null : side + ": the servers' configuration of " + n + " record"
        + (n == 1 ? "" : "s") + " is not in this file (records copied without the file's"
        + " configuration lines); their settings are not compared";
  }

  private static final Set<String> FACTS =
      Set.of("version", "jvm", "jvm_args", "cores", "memory", "os");

  /**
   * Per role, each server's facts and settings (settings only for servers whose were read); a
   * server whose facts are the same as one already taken (a history's nights on one cluster:
   * the same configuration, read once, {@code ValuePool}) is taken once.
   */
  private static Map<String, List<Map<String, String>>> facts(List<ResultRecord> records) {
    Map<String, List<Map<String, String>>> out = new LinkedHashMap<>();
    Map<Map<String, String>, Set<List<Object>>> taken = new java.util.IdentityHashMap<>();
    for (ResultRecord r : records) {
      Environment e = r.environment();
      if (e == null || e.servers() == null) {
        continue;
      }
      for (ServerFingerprint s : e.servers()) {
        Map<String, String> config = s.config() == null || e.serverConfigs() == null ? null
            : e.serverConfigs().get(s.config());
        if (config == null || !taken.computeIfAbsent(config, c -> new java.util.HashSet<>()).add(
            java.util.Arrays.asList(s.role(), s.version(), s.jvm(), s.jvmArgs(), s.cores(),
                s.memoryBytes(), s.os()))) {
          continue;
        }
        Map<String, String> m = new TreeMap<>(config);
        put(m, "version", s.version());
        put(m, "jvm", s.jvm());
        put(m, "jvm_args", s.jvmArgs() == null ? null : String.join(" ", s.jvmArgs()));
        put(m, "cores", s.cores());
        put(m, "memory", s.memoryBytes() == null ? null
            : String.format(Locale.ROOT, "%.1f GiB", s.memoryBytes() / (double) (1L << 30)));
        put(m, "os", s.os());
        out.computeIfAbsent(s.role(), k -> new ArrayList<>()).add(m);
      }
    }
    return out;
  }

  private static void put(Map<String, String> m, String key, Object value) {
    if (value != null) {
      m.put(key, value.toString());
    }
  }
}
