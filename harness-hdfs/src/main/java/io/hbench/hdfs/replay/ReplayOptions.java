package io.hbench.hdfs.replay;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.error.InvalidInputException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** replay's options; the load options ({@code --maps}, {@code --duration}) are the core's. */
final class ReplayOptions {

  /** How the trace is split among clients, each part replayed in its order by one thread. */
  enum PartitionBy {
    IP, USER, PATH;

    String text() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  static final BenchmarkOption<String> TRACE =
      BenchmarkOption.text("--trace", "PATH", "The NameNode audit log to replay: a file or a"
          + " directory of them, plain or compressed (.gz, .bz2), on any Hadoop file system"
          + " (a path without a scheme is local: /var/log/hadoop/hdfs-audit.log; hdfs://nn/logs/).", "");
  static final BenchmarkOption<Double> RATE_FACTOR =
      BenchmarkOption.of("--rate-factor", "F", "Replay F times as fast as recorded: each"
          + " command is due at start + (t - t0) / F; 2 halves the replay's duration.", "1",
          ReplayOptions::rateFactor);
  static final BenchmarkOption<Integer> THREADS =
      BenchmarkOption.integer("--threads", "Client threads per process (in each map task with"
          + " --maps); each replays its share of the trace in the trace's order.", "16", 1);
  static final BenchmarkOption<PartitionBy> PARTITION_BY =
      BenchmarkOption.choice("--partition-by", "ip|user|path", "How the trace is split among"
          + " the client threads (and map tasks): by client address, by user, or by source"
          + " path; each part keeps its own order.", "ip", List.of(PartitionBy.values()),
          PartitionBy::text);
  static final BenchmarkOption<Boolean> SEED_NAMESPACE =
      BenchmarkOption.flag("--seed-namespace", "Before the clock starts, create every path the"
          + " trace reads before it creates it (a file of one small block, or a directory), so"
          + " opens and getfileinfos find their targets without the cluster's fsimage.");
  static final BenchmarkOption<Boolean> EMPTY_FILES =
      BenchmarkOption.flag("--empty-files", "With --seed-namespace: seed zero-length files (no"
          + " blocks, no DataNode writes).");
  static final BenchmarkOption<Boolean> AS_USERS =
      BenchmarkOption.flag("--as-users", "Replay each command as the trace's user, as a proxy"
          + " user of the running one where the cluster allows it (hadoop.proxyuser.*), else as"
          + " the running user; the record says which.");
  static final BenchmarkOption<String> ANONYMIZE =
      BenchmarkOption.text("--anonymize", "KEY", "Replace every path component, user and"
          + " address through a hash keyed by KEY (HMAC-SHA256) that keeps depth and sharing;"
          + " the same key gives the same trace. With --write-trace, writes it; alone, replays"
          + " it.", "");
  static final BenchmarkOption<String> WRITE_TRACE =
      BenchmarkOption.text("--write-trace", "FILE", "Write the (anonymized) trace to FILE, a new"
          + " local file (.gz to compress), instead of replaying it.", "");
  static final BenchmarkOption<String> SYNTHESIZE =
      BenchmarkOption.text("--synthesize", "FILE", "Write a synthetic audit log to FILE, a new"
          + " local file, from --commands, --duration, --mix, --users, --depth, --missing and"
          + " --random-seed, instead of replaying one.", "");
  static final BenchmarkOption<Long> COMMANDS =
      BenchmarkOption.of("--commands", "N", "With --synthesize: commands in the trace.", "10000",
          v -> BenchmarkOption.count("--commands", v, 1));
  static final BenchmarkOption<Map<String, Integer>> MIX =
      BenchmarkOption.of("--mix", "CMD=W,...", "With --synthesize: the commands and their"
          + " weights, by their audit names.", SyntheticTrace.DEFAULT_MIX, ReplayOptions::mix);
  static final BenchmarkOption<Integer> USERS =
      BenchmarkOption.integer("--users", "With --synthesize: users, each from "
          + SyntheticTrace.CLIENTS_PER_USER + " client addresses.", "5", 1);
  static final BenchmarkOption<Integer> DEPTH =
      BenchmarkOption.integer("--depth", "With --synthesize: the deepest directory under a"
          + " client's own.", "3", 1);
  static final BenchmarkOption<Integer> MISSING =
      BenchmarkOption.integer("--missing", "With --synthesize: percent of opens aimed at files"
          + " the trace never creates (found only with --seed-namespace).", "0", 0, 100);
  static final BenchmarkOption<Long> RANDOM_SEED =
      BenchmarkOption.of("--random-seed", "N", "With --synthesize: the generator's seed; the"
          + " same seed gives the same trace.", "1", v -> BenchmarkOption.count("--random-seed",
          v, 0));
  static final BenchmarkOption<Duration> MAX_LATENESS =
      BenchmarkOption.duration("--max-lateness", "The replay fell behind when more than 1% of"
          + " its commands started later than this after they were due.", "100ms");

  static final BenchmarkOption<Double> MAX_FAILURES =
      BenchmarkOption.percent("--max-failures", "The point fails when more than this share of"
          + " the replayed commands failed (a command whose target is missing is counted apart,"
          + " not as a failure).", "1");

  static final List<BenchmarkOption<?>> ALL = List.of(TRACE, RATE_FACTOR, THREADS, PARTITION_BY,
      SEED_NAMESPACE, EMPTY_FILES, AS_USERS, ANONYMIZE, WRITE_TRACE, SYNTHESIZE, COMMANDS, MIX,
      USERS, DEPTH, MISSING, RANDOM_SEED, MAX_LATENESS, MAX_FAILURES);

  private ReplayOptions() {}

  private static double rateFactor(String text) {
    double f;
    try {
      f = Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new InvalidInputException("invalid value '" + text + "' for --rate-factor: not a"
          + " number");
    }
    if (!(f > 0) || Double.isInfinite(f)) {
      throw new InvalidInputException("invalid value '" + text + "' for --rate-factor: must be"
          + " more than 0");
    }
    return f;
  }

  /** {@code create=20,open=30}: the commands replay can make, each with a positive weight. */
  static Map<String, Integer> mix(String text) {
    Map<String, Integer> mix = new java.util.LinkedHashMap<>();
    for (String part : text.split(",")) {
      String[] kv = part.trim().split("=", 2);
      if (kv.length != 2 || kv[0].isBlank()) {
        throw new InvalidInputException("invalid value '" + text + "' for --mix: use CMD=WEIGHT,"
            + " such as create=20,open=30");
      }
      if (!SyntheticTrace.COMMANDS.contains(kv[0].trim())) {
        throw new InvalidInputException("invalid value '" + text + "' for --mix: unknown command '"
            + kv[0].trim() + "'; use " + String.join(", ", SyntheticTrace.COMMANDS));
      }
      int w = (int) BenchmarkOption.count("--mix", kv[1].trim(), 1);
      mix.put(kv[0].trim(), w);
    }
    return java.util.Collections.unmodifiableMap(mix);
  }
}
